import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { BCP47 } from '../../../lib/locales';
import type { ChatUserCard, RoomModes } from '../../../modules/chat/chat.contract';
import { MAX_TEXT, NO_MODES } from '../../../modules/chat/chat.contract';
import { buttonClass, inputClass, mutedClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi, useToasts } from '../../lib/api';
import { ApiFailure } from '../../lib/api-client';
import { useLocale } from '../../lib/use-locale';
import { useSignedInAction, useUser } from '../../lib/use-user';
import { ChatLine, type Moderation } from './chat-line';
import { type ConnectionState, MAX_ATTEMPTS } from './chat-state';
import { RoomModesButton, RoomModesLine } from './room-modes';
import type { useChatRoom } from './use-chat-room';

const STATE_CLASS: Record<ConnectionState, string> = {
  connecting: 'bg-amber-400',
  connected: 'bg-emerald-500',
  reconnecting: 'bg-amber-400',
  disconnected: 'bg-red-500',
};

/** The refusal of a muted speaker (lib/messages.ts). */
const MUTED = 4001;
const MODERATING: readonly string[] = ['admin', 'anchor', 'moderator'];
const untilFormat = (bcp47: string) =>
  new Intl.DateTimeFormat(bcp47, { dateStyle: 'short', timeStyle: 'short' });

/**
 * The chat beside the player: the connection state (spec point 4) with a reconnect button once
 * it gives up, the messages, and the box to say something. A refusal shows its catalogue message
 * under the box; a muted speaker sees until when. The room's anchor, its moderators and
 * administrators (as the caller's card in the room says) get each message's actions.
 */
export function ChatPanel({ roomId, room }: { roomId: number; room: ReturnType<typeof useChatRoom> }) {
  const { t } = useTranslation('chat');
  const { t: tm } = useTranslation('messages');
  const api = useApi();
  const { notify } = useToasts();
  const locale = useLocale();
  const signedIn = useSignedInAction();
  const user = useUser();
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const { view, state, attempt, reconnect } = room;
  const card = useQuery({
    queryKey: ['chat-card', roomId, user?.uid],
    queryFn: () =>
      api.get<ChatUserCard>('/chatroom/userInfo', { query: { roomId, userId: user?.uid }, quiet: true }),
    enabled: !!user,
  });
  const client = useQueryClient();
  const modesKey = ['chat-modes', roomId];
  const roomModes = useQuery({
    queryKey: modesKey,
    queryFn: () => api.get<RoomModes>('/chatroom/modes', { query: { roomId }, quiet: true }),
  });
  // A change pushed while in the room is newer than what was read on arrival.
  const modes = view.modes ?? roomModes.data ?? NO_MODES;
  const mutedUntil = card.data?.mutedUntil ?? null;
  const moderation = useMemo<Moderation | undefined>(() => {
    if (!user || !card.data?.badges.some((badge) => MODERATING.includes(badge))) return undefined;
    return {
      uid: user.uid,
      remove: (seq) => void api.post('/chatroom/delete', { roomId, seq }).catch(() => undefined),
      mute: (author, minutes) =>
        void api
          .post('/chatroom/operate', { action: 'mute', roomId, userId: author.uid, minutes })
          .then(() => notify(t('actions.muted', { name: author.name })))
          .catch(() => undefined),
    };
  }, [api, notify, roomId, t, user, card.data]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const said = text.trim();
    if (!said) return;
    signedIn(async () => {
      try {
        await api.post('/sendMsg', { roomId, text: said }, { quiet: true });
        setText('');
        setRefusal(null);
      } catch (err) {
        setRefusal(err instanceof ApiFailure ? err.message : tm('sendFailed'));
        // Muted meanwhile: the card says until when.
        if (err instanceof ApiFailure && err.errorCode === MUTED) void card.refetch();
      }
    });
  };

  return (
    <section
      className="flex h-full min-h-80 flex-col rounded-lg border border-zinc-200 dark:border-zinc-800"
      aria-label={t('title')}
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
        {moderation && state !== 'disconnected' && (
          <RoomModesButton
            roomId={roomId}
            modes={modes}
            onSaved={(saved) => client.setQueryData<RoomModes>(modesKey, saved)}
          />
        )}
      </header>
      <RoomModesLine modes={modes} />
      <ol className="flex-1 overflow-y-auto py-2" aria-live="polite">
        {view.skipped && <li className={`${mutedClass} px-3`}>{t('skipped')}</li>}
        {view.events.length === 0 && <li className={`${mutedClass} px-3`}>{t('empty')}</li>}
        {view.events.map((event) => (
          <ChatLine key={event.seq} event={event} moderation={moderation} />
        ))}
      </ol>
      <form onSubmit={send} className="border-t border-zinc-200 p-2 dark:border-zinc-800">
        <div className="flex gap-2">
          <input
            className={inputClass}
            value={text}
            maxLength={MAX_TEXT}
            placeholder={t('placeholder')}
            aria-label={t('placeholder')}
            onChange={(e) => setText(e.target.value)}
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
              : t('mutedUntil', { time: untilFormat(BCP47[locale]).format(new Date(mutedUntil)) })}
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
