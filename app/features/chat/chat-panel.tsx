import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { BCP47 } from '../../../lib/locales';
import type { ChatUserCard, PinnedMessage, RoomModes } from '../../../modules/chat/chat.contract';
import { MAX_TEXT, NO_MODES } from '../../../modules/chat/chat.contract';
import { buttonClass, inputClass, mutedClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { ApiFailure } from '../../lib/api-client';
import { useLocale } from '../../lib/use-locale';
import { useSignedInAction, useUser } from '../../lib/use-user';
import { ChatLine } from './chat-line';
import { type ConnectionState, MAX_ATTEMPTS, type Shown } from './chat-state';
import { EmotePicker, useRoomEmotes } from './emotes';
import { useGiftName } from './gift-catalogue';
import { muteEnds } from './mute-time';
import { PinnedLine } from './pinned-line';
import { RoomModesButton, RoomModesLine } from './room-modes';
import type { useChatRoom } from './use-chat-room';
import type { CardModerator } from './user-card';

const UserCard = lazy(() => import('./user-card').then((module) => ({ default: module.UserCard })));

const STATE_CLASS: Record<ConnectionState, string> = {
  connecting: 'bg-amber-400',
  connected: 'bg-emerald-500',
  reconnecting: 'bg-amber-400',
  disconnected: 'bg-red-500',
};

/** The refusal of a muted speaker, and of a reply to a message deleted meanwhile (lib/messages.ts). */
const MUTED = 4001;
const REPLY_GONE = 4024;
const MODERATING: readonly string[] = ['admin', 'anchor', 'moderator'];

/**
 * The chat beside the player: the connection state (spec point 4) with a reconnect button once
 * it gives up, the messages, and the box to say something. A refusal shows its catalogue message
 * under the box; a muted speaker sees until when, as soon as the mute is made. A name opens its
 * user's card, which gives the room's anchor, its moderators and administrators (as the caller's
 * own card in the room says) their actions.
 */
export function ChatPanel({ roomId, room }: { roomId: number; room: ReturnType<typeof useChatRoom> }) {
  const { t } = useTranslation('chat');
  const { t: tm } = useTranslation('messages');
  const api = useApi();
  const locale = useLocale();
  const signedIn = useSignedInAction();
  const user = useUser();
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [carded, setCarded] = useState<Shown | null>(null);
  const [replying, setReplying] = useState<Extract<Shown, { kind: 'msg' }> | null>(null);
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (replying) box.current?.focus();
  }, [replying]);
  const { view, state, attempt, reconnect } = room;
  const card = useQuery({
    queryKey: ['chat-card', roomId, user?.uid],
    queryFn: () =>
      api.get<ChatUserCard>('/chatroom/userInfo', { query: { roomId, userId: user?.uid }, quiet: true }),
    enabled: !!user,
  });
  // Appointed or dismissed while in the room: the card says what the viewer may do now.
  const appointed = user ? view.moderators[user.uid] : undefined;
  const { refetch: refetchCard } = card;
  useEffect(() => {
    if (appointed !== undefined) void refetchCard();
  }, [appointed, refetchCard]);
  const client = useQueryClient();
  const modesKey = ['chat-modes', roomId];
  const roomModes = useQuery({
    queryKey: modesKey,
    queryFn: () => api.get<RoomModes>('/chatroom/modes', { query: { roomId }, quiet: true }),
  });
  // A change pushed while in the room is newer than what was read on arrival.
  const modes = view.modes ?? roomModes.data ?? NO_MODES;
  const roomPinned = useQuery({
    queryKey: ['chat-pinned', roomId],
    queryFn: () => api.get<PinnedMessage | null>('/chatroom/pinned', { query: { roomId }, quiet: true }),
  });
  const pinned = view.pinned !== undefined ? view.pinned : (roomPinned.data ?? null);
  const giftName = useGiftName();
  const emotes = useRoomEmotes(roomId, view.emotes);
  // A mute made while in the room is newer than the card read on arrival.
  const mutedUntil = (user && user.uid in view.mutes ? view.mutes[user.uid] : card.data?.mutedUntil) ?? null;
  const moderator = useMemo<CardModerator | undefined>(() => {
    const badges = card.data?.badges ?? [];
    if (!user || !badges.some((badge) => MODERATING.includes(badge))) return undefined;
    return { uid: user.uid, admin: badges.includes('admin') };
  }, [user, card.data]);

  /** Brings a line of the chat into view (the message a reply answers), when it is still shown. */
  const showLine = (seq: number) => {
    const line = document.querySelector<HTMLElement>(
      `section[data-chat-room="${roomId}"] li[data-seq="${seq}"]`,
    );
    line?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    line?.animate([{ backgroundColor: 'rgb(251 191 36 / 0.4)' }, { backgroundColor: 'transparent' }], 1200);
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    const said = text.trim();
    if (!said) return;
    signedIn(async () => {
      try {
        await api.post('/sendMsg', { roomId, text: said, replyTo: replying?.seq }, { quiet: true });
        setText('');
        setRefusal(null);
        setReplying(null);
      } catch (err) {
        setRefusal(err instanceof ApiFailure ? err.message : tm('sendFailed'));
        if (err instanceof ApiFailure && err.errorCode === REPLY_GONE) setReplying(null);
        // Muted meanwhile: the card says until when.
        if (err instanceof ApiFailure && err.errorCode === MUTED) void card.refetch();
      }
    });
  };

  return (
    <section
      className="flex h-full min-h-80 flex-col rounded-lg border border-zinc-200 dark:border-zinc-800"
      aria-label={t('title')}
      data-chat-room={roomId}
    >
      <header className="flex items-center gap-2 border-b border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800">
        <span className={`size-2 rounded-full ${STATE_CLASS[state]}`} aria-hidden />
        <span role="status" data-state={state}>
          {state === 'reconnecting'
            ? t('states.reconnecting', { n: attempt, max: MAX_ATTEMPTS })
            : state === 'disconnected'
              ? tm('roomDisconnected')
              : t(`states.${state}`)}
        </span>
        {state === 'disconnected' && (
          <button type="button" className={`${buttonClass.secondary} ml-auto min-h-8`} onClick={reconnect}>
            {t('reconnect')}
          </button>
        )}
        {moderator && state !== 'disconnected' && (
          <RoomModesButton
            roomId={roomId}
            modes={modes}
            onSaved={(saved) => client.setQueryData<RoomModes>(modesKey, saved)}
          />
        )}
      </header>
      <RoomModesLine modes={modes} />
      {pinned && <PinnedLine roomId={roomId} pinned={pinned} moderator={!!moderator} />}
      <ol className="flex-1 overflow-y-auto py-2" aria-live="polite">
        {view.skipped && <li className={`${mutedClass} px-3`}>{t('skipped')}</li>}
        {view.events.length === 0 && <li className={`${mutedClass} px-3`}>{t('empty')}</li>}
        {view.events.map((event) => (
          <ChatLine
            key={event.seq}
            event={event}
            me={user?.uid}
            emotes={emotes.byCode}
            onName={setCarded}
            onQuote={showLine}
            giftName={giftName}
          />
        ))}
      </ol>
      {carded && (
        <Suspense fallback={null}>
          <UserCard
            key={carded.seq}
            roomId={roomId}
            sender={carded.sender}
            seq={carded.seq}
            pinnable={carded.kind === 'msg' && carded.seq !== pinned?.seq}
            moderator={moderator}
            onReply={
              carded.kind === 'msg'
                ? () => {
                    setReplying(carded);
                    setCarded(null);
                  }
                : undefined
            }
            onClose={() => setCarded(null)}
          />
        </Suspense>
      )}
      <form onSubmit={send} className="border-t border-zinc-200 p-2 dark:border-zinc-800">
        {replying && (
          <div className="mb-1 flex min-w-0 items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
            <span className="shrink-0">{t('reply.replyingTo')}</span>
            <b className="shrink-0 font-medium">{replying.sender.name}</b>
            <span className="min-w-0 flex-1 truncate">{replying.text}</span>
            <button
              type="button"
              className="-my-1 shrink-0 rounded px-2 py-1 hover:bg-zinc-100 dark:hover:bg-zinc-800"
              aria-label={t('reply.cancel')}
              title={t('reply.cancel')}
              onClick={() => setReplying(null)}
            >
              ✕
            </button>
          </div>
        )}
        <div className="flex gap-2">
          <input
            ref={box}
            className={inputClass}
            value={text}
            maxLength={MAX_TEXT}
            placeholder={t('placeholder')}
            aria-label={t('placeholder')}
            onChange={(e) => setText(e.target.value)}
          />
          <EmotePicker
            emotes={emotes.list}
            onPick={(code) => {
              setText((said) =>
                `${said}${said && !said.endsWith(' ') ? ' ' : ''}:${code}: `.slice(0, MAX_TEXT),
              );
              box.current?.focus();
            }}
          />
          <button
            type="submit"
            className={`${buttonClass.primary} shrink-0`}
            disabled={state !== 'connected'}
          >
            {t('send')}
          </button>
        </div>
        {mutedUntil ? (
          <p role="alert" className="mt-1 text-xs text-red-600">
            {mutedUntil === 'permanent'
              ? tm('muted')
              : t('mutedUntil', { time: muteEnds(mutedUntil, BCP47[locale]) })}
          </p>
        ) : (
          refusal && (
            <p role="alert" className="mt-1 text-xs text-red-600">
              {refusal}
            </p>
          )
        )}
      </form>
    </section>
  );
}
