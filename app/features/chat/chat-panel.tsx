import { type FormEvent, useState } from 'react';
import { MAX_TEXT } from '../../../modules/chat/chat.contract';
import { buttonClass, inputClass, mutedClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { ApiFailure } from '../../lib/api-client';
import { useSignedInAction } from '../../lib/use-user';
import { ChatLine } from './chat-line';
import { type ConnectionState, MAX_ATTEMPTS } from './chat-state';
import type { useChatRoom } from './use-chat-room';

const STATE_CLASS: Record<ConnectionState, string> = {
  connecting: 'bg-amber-400',
  connected: 'bg-emerald-500',
  reconnecting: 'bg-amber-400',
  disconnected: 'bg-red-500',
};

/**
 * The chat beside the player: the connection state (spec point 4) with a reconnect button once
 * it gives up, the messages, and the box to say something. A refusal shows its catalogue message
 * under the box.
 */
export function ChatPanel({
  roomId,
  room,
  canModerate = false,
}: {
  roomId: number;
  room: ReturnType<typeof useChatRoom>;
  canModerate?: boolean;
}) {
  const { t } = useTranslation('chat');
  const { t: tm } = useTranslation('messages');
  const api = useApi();
  const signedIn = useSignedInAction();
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const { view, state, attempt, reconnect } = room;

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
      }
    });
  };
  const remove = (seq: number) => void api.post('/chatroom/delete', { roomId, seq }).catch(() => undefined);

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
      </header>
      <ol className="flex-1 overflow-y-auto py-2" aria-live="polite">
        {view.skipped && <li className={`${mutedClass} px-3`}>{t('skipped')}</li>}
        {view.events.length === 0 && <li className={`${mutedClass} px-3`}>{t('empty')}</li>}
        {view.events.map((event) => (
          <ChatLine key={event.seq} event={event} onDelete={canModerate ? remove : undefined} />
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
        {refusal && (
          <p role="alert" className="mt-1 text-xs text-red-600">
            {refusal}
          </p>
        )}
      </form>
    </section>
  );
}
