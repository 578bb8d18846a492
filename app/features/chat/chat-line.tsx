import type { ReactNode } from 'react';
import { type Badge, EMOTE, type GiftInfo, MENTION } from '../../../modules/chat/chat.contract';
import { CommentText } from '../../components/comment-text';
import { useTranslation } from '../../i18n/translations';
import type { Shown } from './chat-state';

export const BADGE_CLASS: Record<Badge, string> = {
  admin: 'bg-red-600 text-white',
  anchor: 'bg-brand text-white',
  moderator: 'bg-emerald-600 text-white',
  svip: 'bg-amber-500 text-black',
  vip: 'bg-amber-200 text-black',
};

/** A mention or one of the room's emotes in a message's text. */
const TOKEN = new RegExp(`${MENTION.source}|${EMOTE.source}`, 'gu');

/**
 * A message's text: its mentions stand out, the room's emotes are their pictures, its web
 * addresses are links (CommentText).
 */
export function MessageText({ text, emotes }: { text: string; emotes?: ReadonlyMap<string, string> }) {
  const parts: ReactNode[] = [];
  let from = 0;
  for (const token of text.matchAll(TOKEN)) {
    const [whole, name, code = ''] = token;
    const emote = emotes?.get(code);
    // A code the room has no emote for stays text.
    if (!name && !emote) continue;
    parts.push(<CommentText key={`t${from}`} text={text.slice(from, token.index)} />);
    parts.push(
      name ? (
        <span key={`m${token.index}`} className="font-semibold text-brand-ink">
          {whole}
        </span>
      ) : (
        <img
          key={`e${token.index}`}
          src={emote}
          alt={whole}
          title={whole}
          className="inline-block size-7 align-middle"
        />
      ),
    );
    from = token.index + whole.length;
  }
  parts.push(<CommentText key={`t${from}`} text={text.slice(from)} />);
  return parts;
}

/**
 * One message or gift of the chat: badges, level, name and the text as plain text (React escapes
 * it). Given `onName`, the name is a button opening the sender's card (a click, a tap or the
 * keyboard). A reply shows the start of the message it answers (`onQuote` goes to it); a line
 * that mentions the viewer (`me`) stands out.
 */
export function ChatLine({
  event,
  me,
  emotes,
  onName,
  onQuote,
  giftName = (gift) => gift.name,
}: {
  event: Shown;
  /** The room's emotes: a picture by code. */
  emotes?: ReadonlyMap<string, string>;
  /** The viewer's uid, when signed in. */
  me?: number;
  onName?: (event: Shown) => void;
  onQuote?: (seq: number) => void;
  /** A gift's name in the visitor's language (useGiftName); the event's own name unless given. */
  giftName?: (gift: GiftInfo) => string;
}) {
  const { t } = useTranslation('chat');
  const { sender } = event;
  const reply = event.kind === 'msg' ? event.reply : undefined;
  const mentionsMe = me !== undefined && event.kind === 'msg' && !!event.mentions?.includes(me);
  const quote = reply && (
    <>
      <span aria-hidden>↩</span>
      <span className="sr-only">{t('reply.inReplyTo')}</span>
      <b className="font-medium">{reply.name}</b>
      <span className="truncate">{reply.text}</span>
    </>
  );
  return (
    <li
      className={`px-3 py-1 text-sm break-words [&>*]:me-1 ${mentionsMe ? 'border-s-4 border-amber-500 bg-amber-50 dark:bg-amber-950/40' : ''}`}
      data-seq={event.seq}
      data-mentions-me={mentionsMe || undefined}
    >
      {quote &&
        (onQuote ? (
          <button
            type="button"
            className="flex w-full min-w-0 items-center gap-1 text-start text-xs text-zinc-500 hover:underline dark:text-zinc-400"
            onClick={() => onQuote(reply.seq)}
          >
            {quote}
          </button>
        ) : (
          <span className="flex min-w-0 items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400">
            {quote}
          </span>
        ))}
      {mentionsMe && <span className="sr-only">{t('reply.mentionsYou')}</span>}
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
          <MessageText text={event.text} emotes={emotes} />
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
