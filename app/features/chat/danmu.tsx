import type { Shown } from './chat-state';
import { useGiftName } from './gift-catalogue';

/** Lanes of flying messages over the player. */
const LANES = 6;

/**
 * Danmu: the newest messages fly across the player, each in a lane by its sequence number. Text
 * is plain (React escapes it); the layer never takes clicks from the player.
 */
export function Danmu({ events }: { events: readonly Shown[] }) {
  const giftName = useGiftName();
  return (
    <div className="pointer-events-none absolute inset-0 overflow-hidden" aria-hidden>
      {events.map((event) => (
        <span
          key={event.seq}
          className="danmu-line absolute whitespace-nowrap text-lg font-semibold text-white [text-shadow:0_1px_2px_#000]"
          style={{ top: `${(event.seq % LANES) * (100 / LANES) + 2}%` }}
        >
          {event.kind === 'msg'
            ? event.text
            : `${event.sender.name} 🎁 ${giftName(event.gift)} ×${event.gift.count}`}
        </span>
      ))}
    </div>
  );
}
