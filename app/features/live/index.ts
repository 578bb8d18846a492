// What others use of live rooms: a match's rooms, replays and clips, for the match page.
export { MatchLiveLink, useMatchRooms } from './match-live-link';
export { ClipCards, ReplayCards, useClips, useReplays } from './replays';
export { RoomCard } from './room-card';
