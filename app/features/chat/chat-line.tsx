import type { Badge, GiftInfo } from '../../../modules/chat/chat.contract';
import { useTranslation } from '../../i18n/translations';
import { CommentText } from '../content/comment-text';
import type { Shown } from './chat-state';

export const BADGE_CLASS: Record<Badge, string> = {
  admin: 'bg-red-600 text-white',
  anchor: 'bg-brand text-white',
  moderator: 'bg-emerald-600 text-white',
  svip: 'bg-amber-500 text-black',
  vip: 'bg-amber-200 text-black',
};

/**
 * One message or gift of the chat: badges, level, name and the text as plain text (React escapes
 * it). Given `onName`, the name is a button opening the sender's card (a click, a tap or the
 * keyboard).
 */
export function ChatLine({
  event,
  onName,
  giftName = (gift) => gift.name,
}: {
  event: Shown;
  onName?: (event: Shown) => void;
  /** A gift's name in the visitor's language (useGiftName); the event's own name unless given. */
  giftName?: (gift: GiftInfo) => string;
}) {
  const { t } = useTranslation('chat');
  const { sender } = event;
  return (
    <li className="px-3 py-1 text-sm break-words [&>*]:me-1" data-seq={event.seq}>
      {sender.badges.map((badge) => (
        <span key={badge} className={`rounded px-1 text-[10px] leading-4 ${BADGE_CLASS[badge]}`}>
          {t(`badges.${badge}`)}
        </span>
      ))}
      <span className="rounded bg-zinc-200 px-1 text-[10px] leading-4 dark:bg-zinc-700">
        Lv{sender.level}
      </span>
      {onName ? (
        <button
          type="button"
          className="-my-1 rounded py-1 font-medium text-brand-ink hover:underline"
          onClick={() => onName(event)}
        >
          {sender.name}
        </button>
      ) : (
        <span className="font-medium text-brand-ink">{sender.name}</span>
      )}
      {event.kind === 'msg' ? (
        <span>
          <CommentText text={event.text} />
        </span>
      ) : (
        <span className="text-amber-700 dark:text-amber-400">
          {t('gifts.gave', { n: event.gift.count, name: giftName(event.gift) })}
          {event.gift.combo > 1 && <b className="ml-1">{t('gifts.combo', { n: event.gift.combo })}</b>}
        </span>
      )}
    </li>
  );
}
