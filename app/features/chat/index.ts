// What the live room page and the anchor centre mount for chat and gifts.
export { AnchorEarnings } from './anchor-earnings';
export { ChatLine } from './chat-line';
export { ChatPanel } from './chat-panel';
export { applyFrame, backoffMs, type ConnectionState, MAX_ATTEMPTS } from './chat-state';
export { Danmu } from './danmu';
export { EmotePanel, useRoomEmotes } from './emotes';
export { useGiftName } from './gift-catalogue';
export { type GiftAnimation, GiftOverlay } from './gift-overlay';
export { GiftPreview } from './gift-preview';
export { GiftShop } from './gift-shop';
export { useLiveRoomChat } from './live-room-chat';
export { ModeratorPanel } from './moderator-panel';
export { ModesForm } from './room-modes';
export { TopGifters } from './top-gifters';
export { useChatRoom } from './use-chat-room';
