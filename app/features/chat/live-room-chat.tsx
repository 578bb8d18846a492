import { type ReactNode, useCallback, useState } from 'react';
import { ChatPanel } from './chat-panel';
import type { Shown } from './chat-state';
import { Danmu } from './danmu';
import { GiftOverlay } from './gift-overlay';
import { GiftShop } from './gift-shop';
import { useChatRoom } from './use-chat-room';

/**
 * A live room's chat around its player: danmu (when the viewer has it on) and gift animations
 * over the player, the gift shop under it, the chat panel beside it.
 */
export function LiveRoomChat({
  roomId,
  player,
  danmu,
  canModerate = false,
}: {
  roomId: number;
  player: ReactNode;
  danmu: boolean;
  canModerate?: boolean;
}) {
  const [animations, setAnimations] = useState<string[]>([]);
  const [flying, setFlying] = useState<Shown[]>([]);
  const onFresh = useCallback((events: Shown[]) => {
    setFlying((shown) => [...shown, ...events].slice(-30));
    const gifts = events.flatMap((e) =>
      e.kind === 'gift' && e.gift.animationType === 'svga' ? [e.gift.animation] : [],
    );
    if (gifts.length > 0) setAnimations((queue) => [...queue, ...gifts].slice(-20));
  }, []);
  const played = useCallback(() => setAnimations((queue) => queue.slice(1)), []);
  const room = useChatRoom(roomId, onFresh);

  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_20rem]">
      <div className="flex flex-col gap-2">
        <div className="relative">
          {player}
          {danmu && <Danmu events={flying} />}
          <GiftOverlay queue={animations} onPlayed={played} />
        </div>
        <GiftShop roomId={roomId} />
      </div>
      <ChatPanel roomId={roomId} room={room} canModerate={canModerate} />
    </div>
  );
}
