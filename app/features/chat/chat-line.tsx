import { lazy } from 'react';
import type { Badge } from '../../../modules/chat/chat.contract';
import { LazyMenu } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { CommentText } from '../content/comment-text';
import type { Shown } from './chat-state';

const loadActionsMenu = () =>
  import('./message-actions-menu').then((module) => ({ default: module.MessageActionsMenu }));
const MessageActionsMenu = lazy(loadActionsMenu);

/** What the room's anchor, its moderators and administrators may do with a message. */
export interface Moderation {
  /** The one moderating: their own messages offer no mute. */
  uid: number;
  remove(seq: number): void;
  mute(author: { uid: number; name: string }, minutes: number): void;
}

const BADGE_CLASS: Record<Badge, string> = {
  admin: 'bg-red-600 text-white',
  anchor: 'bg-brand text-white',
  moderator: 'bg-emerald-600 text-white',
  svip: 'bg-amber-500 text-black',
  vip: 'bg-amber-200 text-black',
};

/**
 * One message or gift of the chat: badges, level, name and the text as plain text (React escapes
 * it); for a moderator, a button opening the message's actions (a tap on a phone, a click or the
 * keyboard on a desktop).
 */
export function ChatLine({ event, moderation }: { event: Shown; moderation?: Moderation }) {
  const { t } = useTranslation('chat');
  const { sender } = event;
  const mutable =
    sender.uid !== moderation?.uid && !sender.badges.some((b) => b === 'anchor' || b === 'admin');
  return (
    <li className="flex items-start gap-1 px-3 py-1 text-sm" data-seq={event.seq}>
      <div className="flex min-w-0 flex-1 flex-wrap items-baseline gap-1">
        {sender.badges.map((badge) => (
          <span key={badge} className={`rounded px-1 text-[10px] leading-4 ${BADGE_CLASS[badge]}`}>
            {t(`badges.${badge}`)}
          </span>
        ))}
        <span className="rounded bg-zinc-200 px-1 text-[10px] leading-4 dark:bg-zinc-700">
          Lv{sender.level}
        </span>
        <span className="font-medium text-brand-ink">{sender.name}</span>
        {event.kind === 'msg' ? (
          <span className="break-words">
            <CommentText text={event.text} />
          </span>
        ) : (
          <span className="text-amber-700 dark:text-amber-400">
            {t('gifts.gave', { n: event.gift.count, name: event.gift.name })}
            {event.gift.combo > 1 && <b className="ml-1">{t('gifts.combo', { n: event.gift.combo })}</b>}
          </span>
        )}
      </div>
      {moderation && (
        <span className="shrink-0">
          <LazyMenu
            load={loadActionsMenu}
            menu={(trigger) => (
              <MessageActionsMenu
                trigger={trigger}
                seq={event.seq}
                author={mutable ? sender : null}
                moderation={moderation}
              />
            )}
            trigger={
              <button
                type="button"
                aria-label={t('actions.open')}
                className="-my-1 flex size-8 items-center justify-center rounded-full text-zinc-500 hover:bg-zinc-100 dark:hover:bg-zinc-800"
              >
                <span aria-hidden="true">⋯</span>
              </button>
            }
          />
        </span>
      )}
    </li>
  );
}
