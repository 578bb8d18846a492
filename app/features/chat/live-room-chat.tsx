import { useCallback, useState } from 'react';
import type { Shown } from './chat-state';
import type { GiftAnimation } from './gift-overlay';
import { useChatRoom } from './use-chat-room';

/**
 * A live room's chat as its page lays it out: the connection and messages for the chat panel,
 * the messages flying over the player as danmu, the queue of gift animations to play there, and
 * how many gifts arrived since the page opened (the top gifters are read again on each).
 */
export function useLiveRoomChat(roomId: number) {
  const [animations, setAnimations] = useState<GiftAnimation[]>([]);
  const [flying, setFlying] = useState<Shown[]>([]);
  const [gifted, setGifted] = useState(0);
  const onFresh = useCallback((events: Shown[]) => {
    setFlying((shown) => [...shown, ...events].slice(-30));
    const gifts = events.flatMap((e) => (e.kind === 'gift' ? [e.gift] : []));
    if (gifts.length === 0) return;
    setAnimations((queue) => [...queue, ...gifts].slice(-20));
    setGifted((n) => n + gifts.length);
  }, []);
  const played = useCallback(() => setAnimations((queue) => queue.slice(1)), []);
  const room = useChatRoom(roomId, onFresh);
  return { room, flying, animations, played, gifted };
}
