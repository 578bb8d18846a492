import type { GiftInfo } from '../../../modules/chat/chat.contract';
import { MessageText } from './chat-line';
import type { Shown } from './chat-state';

/** Lanes of flying messages over the player. */
const LANES = 6;

/**
 * Danmu: the newest messages fly across the player, each in a lane by its sequence number. Text
 * is plain (React escapes it), the room's emotes their pictures; the layer never takes clicks
 * from the player.
 */
export function Danmu({
  events,
  emotes,
  giftName = (gift) => gift.name,
}: {
  events: readonly Shown[];
  /** The room's emotes: a picture by code. */
  emotes?: ReadonlyMap<string, string>;
  /** A gift's name in the visitor's language (useGiftName); the event's own name unless given. */
  giftName?: (gift: GiftInfo) => string;
}) {
  return (
    <div className="pointer-events-none absolute inset-0 overflow-hidden" aria-hidden>
      {events.map((event) => (
        <span
          key={event.seq}
          className="danmu-line absolute whitespace-nowrap text-lg font-semibold text-white [text-shadow:0_1px_2px_#000]"
          style={{ top: `${(event.seq % LANES) * (100 / LANES) + 2}%` }}
        >
          {event.kind === 'msg' ? (
            <MessageText text={event.text} emotes={emotes} />
          ) : (
            `${event.sender.name} 🎁 ${giftName(event.gift)} ×${event.gift.count}`
          )}
        </span>
      ))}
    </div>
  );
}
