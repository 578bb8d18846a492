/**
 * Provisional: the two methods of `liveRooms` that chat uses, answered from a fixed list until
 * the live rooms service replaces this file. Room 1 and 2 are live and open to every viewer.
 */
const ROOMS = [
  { roomId: 1, anchorUserId: 1, open: true, live: true, externalComments: true, moderatorLimit: 5 },
  { roomId: 2, anchorUserId: 2, open: true, live: true, externalComments: true, moderatorLimit: 5 },
];

export const roomsForChat = {
  chatRoom: async (roomId: number) => ROOMS.find((room) => room.roomId === roomId) ?? null,
  isBannedAnchor: async (_userId: number) => false,
};
