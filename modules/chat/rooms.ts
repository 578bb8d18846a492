/** What chat needs to know about a live room (the live module's `liveRooms` answers it). */
export interface ChatRoom {
  roomId: number;
  anchorUserId: number;
  /** The room exists and is not closed by an administrator. */
  open: boolean;
  /** A broadcast is on now. */
  live: boolean;
  /** False: only the anchor and moderators may speak. */
  externalComments: boolean;
  moderatorLimit: number;
}

/** The part of the live module's `liveRooms` that chat uses. */
export interface LiveRoomsPort {
  chatRoom(roomId: number): Promise<ChatRoom | null>;
  isBannedAnchor(userId: number): Promise<boolean>;
}
