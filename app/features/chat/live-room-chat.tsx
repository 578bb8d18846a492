import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Shown } from './chat-state';
import type { GiftAnimation } from './gift-overlay';
import { useChatRoom } from './use-chat-room';

/**
 * A message that may announce a score: two numbers as a score is written ("2-1", "2:1", "2 : 1"),
 * or the word for a goal in the site's languages.
 */
const SCORE_TALK =
  /\d+\s*[-:：–]\s*\d+|(?<!\p{L})(?:goal|gol|golo|go+l+|tor|doel|mål|bramka|γκολ|гол|bàn thắng)(?!\p{L})|进球|進球|ゴール|골|هدف|ประตู/iu;

export const announcesScore = (event: Shown) => event.kind === 'msg' && SCORE_TALK.test(event.text);

/**
 * A live room's chat as its page lays it out: the connection and messages for the chat panel,
 * the messages flying over the player as danmu, the queue of gift animations to play there, and
 * how many gifts arrived since the page opened (the top gifters are read again on each).
 * `holdScoreTalk` is the room's spoiler hold (ms): a message that may announce a score waits that
 * long before it shows, so that chat does not tell a goal before the video shows it.
 */
export function useLiveRoomChat(roomId: number, holdScoreTalk: () => number = () => 0) {
  const [animations, setAnimations] = useState<GiftAnimation[]>([]);
  const [flying, setFlying] = useState<Shown[]>([]);
  const [gifted, setGifted] = useState(0);
  // Sequence numbers of messages held back, until they are due.
  const [held, setHeld] = useState<ReadonlySet<number>>(new Set());
  const hold = useRef(holdScoreTalk);
  hold.current = holdScoreTalk;
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const show = useCallback((events: Shown[]) => {
    setFlying((shown) => [...shown, ...events].slice(-30));
    const gifts = events.flatMap((e) => (e.kind === 'gift' ? [e.gift] : []));
    if (gifts.length === 0) return;
    setAnimations((queue) => [...queue, ...gifts].slice(-20));
    setGifted((n) => n + gifts.length);
  }, []);
  const onFresh = useCallback(
    (events: Shown[]) => {
      const ms = hold.current();
      const later = ms > 0 ? events.filter(announcesScore) : [];
      show(events.filter((event) => !later.includes(event)));
      if (later.length === 0) return;
      const seqs = later.map((event) => event.seq);
      setHeld((current) => new Set([...current, ...seqs]));
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        setHeld((current) => new Set([...current].filter((seq) => !seqs.includes(seq))));
        show(later);
      }, ms);
      timers.current.add(timer);
    },
    [show],
  );
  const played = useCallback(() => setAnimations((queue) => queue.slice(1)), []);
  const chat = useChatRoom(roomId, onFresh);
  const room = useMemo(
    () =>
      held.size === 0
        ? chat
        : { ...chat, view: { ...chat.view, events: chat.view.events.filter((e) => !held.has(e.seq)) } },
    [chat, held],
  );
  return { room, flying, animations, played, gifted };
}
