// What others use of live-room chat and gifts: what the live room page mounts.
export { ChatPanel } from './chat-panel';
export { Danmu } from './danmu';
export { useRoomEmotes } from './emotes';
export { useGiftName } from './gift-catalogue';
export { GiftOverlay } from './gift-overlay';
export { GiftShop } from './gift-shop';
export { useLiveRoomChat } from './live-room-chat';
export { TopGifters } from './top-gifters';
