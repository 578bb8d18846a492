import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { MAX_ROOM_EMOTES, type RoomEmote } from '../../../modules/chat/chat.contract';
import {
  Card,
  failureMessage,
  inputClass,
  labelClass,
  mutedClass,
  smallButtonClass,
} from '../../components/ui';
import { useFileUpload } from '../../components/use-file-upload';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';

const emotesKey = (roomId: number) => ['chat-emotes', roomId];

/**
 * A room's own emotes: the list, and a picture by code. One request shared by the room's parts
 * (the chat, the danmu); `pushed`, the set the room was told of meanwhile, replaces it for all.
 */
export function useRoomEmotes(roomId: number, pushed?: RoomEmote[]) {
  const api = useApi();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: emotesKey(roomId),
    queryFn: () => api.get<RoomEmote[]>('/chatroom/emotes', { query: { roomId }, quiet: true }),
  });
  useEffect(() => {
    if (pushed) client.setQueryData(emotesKey(roomId), pushed);
  }, [client, roomId, pushed]);
  const list = pushed ?? query.data;
  return useMemo(
    () => ({ list: list ?? [], byCode: new Map((list ?? []).map((emote) => [emote.code, emote.url])) }),
    [list],
  );
}

/** The chat box's emote button: the room's emotes to pick from, each put into the message as `:code:`. */
export function EmotePicker({ emotes, onPick }: { emotes: RoomEmote[]; onPick: (code: string) => void }) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const id = useId();
  if (emotes.length === 0) return null;
  return (
    <div className="relative shrink-0">
      <button
        type="button"
        className={`${smallButtonClass.secondary} h-full px-3`}
        aria-expanded={open}
        aria-controls={id}
        aria-label={t('emotes.open')}
        title={t('emotes.open')}
        onClick={() => setOpen(!open)}
      >
        <img src={emotes[0]?.url} alt="" className="size-5" />
      </button>
      {open && (
        <div
          id={id}
          className="absolute end-0 bottom-full z-10 mb-2 grid w-64 grid-cols-5 gap-1 rounded-xl border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {emotes.map((emote) => (
            <button
              key={emote.code}
              type="button"
              className="flex aspect-square items-center justify-center rounded-lg hover:bg-zinc-100 dark:hover:bg-zinc-800"
              aria-label={`:${emote.code}:`}
              title={`:${emote.code}:`}
              onClick={() => {
                onPick(emote.code);
                setOpen(false);
              }}
            >
              <img src={emote.url} alt="" className="size-8" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * The anchor centre's emotes of a room: up to MAX_ROOM_EMOTES small pictures, each with the code
 * viewers say it by; a picture picked for a code the room has replaces that emote's.
 */
export function EmotePanel({ roomId }: { roomId: number }) {
  const { t } = useTranslation('chat');
  const api = useApi();
  const client = useQueryClient();
  const { list } = useRoomEmotes(roomId);
  const [code, setCode] = useState('');
  const codeId = useId();
  const fileId = useId();
  const done = (emotes: RoomEmote[]) => client.setQueryData(emotesKey(roomId), emotes);
  const { busy, error, setError, upload } = useFileUpload<RoomEmote[]>((emotes) => {
    done(emotes);
    setCode('');
  });
  const uploadPath = () =>
    `/chatroom/emotes/upload?${new URLSearchParams({ roomId: String(roomId), code: code.trim() })}`;

  async function remove(emote: RoomEmote) {
    setError(null);
    try {
      done(
        await api.post<RoomEmote[]>('/chatroom/emotes/remove', { roomId, code: emote.code }, { quiet: true }),
      );
    } catch (failure) {
      setError(failureMessage(failure, t('card.failed')));
    }
  }

  return (
    <Card title={t('emotes.title')} id={`emotes-${roomId}`}>
      <p className={mutedClass}>{t('emotes.hint', { n: list.length, limit: MAX_ROOM_EMOTES })}</p>
      {list.length === 0 ? (
        <p className={`${mutedClass} my-3`}>{t('emotes.empty')}</p>
      ) : (
        <ul className="my-3 grid grid-cols-[repeat(auto-fill,minmax(6rem,1fr))] gap-2">
          {list.map((emote) => (
            <li
              key={emote.code}
              className="flex flex-col items-center gap-1 rounded-xl border border-zinc-200 p-2 text-sm dark:border-zinc-800"
            >
              <img src={emote.url} alt="" className="size-10" />
              <code>:{emote.code}:</code>
              <button
                type="button"
                className={smallButtonClass.secondary}
                aria-label={t('emotes.removeOne', { code: emote.code })}
                onClick={() => void remove(emote)}
              >
                {t('emotes.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={codeId} className={labelClass}>
            {t('emotes.code')}
          </label>
          <input
            id={codeId}
            className={`${inputClass} w-40`}
            value={code}
            autoComplete="off"
            maxLength={16}
            onChange={(e) => setCode(e.target.value)}
          />
        </div>
        <label
          htmlFor={fileId}
          className={`${smallButtonClass.primary} relative cursor-pointer ${busy || !code.trim() ? 'pointer-events-none opacity-60' : ''}`}
        >
          {busy ? t('emotes.sending') : t('emotes.add')}
          <input
            id={fileId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            disabled={busy || !code.trim()}
            onChange={(event) => void upload(uploadPath(), event)}
          />
        </label>
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </Card>
  );
}
