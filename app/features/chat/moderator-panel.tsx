import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { DEFAULT_MUTE_MINUTES, MUTE_MINUTES } from '../../../modules/chat/chat.contract';
import { Card, inputClass, mutedClass, smallButtonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';

interface Moderators {
  limit: number;
  list: { uid: number; name: string; level: number }[];
}

/**
 * The anchor centre's chat settings for a room: moderators (appoint by username up to the room's
 * count, dismiss) and mutes by username for a chosen time. In the room itself, each message's
 * actions mute its author.
 */
export function ModeratorPanel({ roomId }: { roomId: number }) {
  const { t } = useTranslation('chat');
  const api = useApi();
  const client = useQueryClient();
  const key = ['chat-moderators', roomId];
  const moderators = useQuery({
    queryKey: key,
    queryFn: () => api.get<Moderators>('/chatroom/moderators', { query: { roomId } }),
  });
  const operate = useMutation({
    mutationFn: (body: Record<string, unknown>) => api.post('/chatroom/operate', { roomId, ...body }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
  const [username, setUsername] = useState('');
  const [minutes, setMinutes] = useState<number>(DEFAULT_MUTE_MINUTES);
  const act = (action: 'appoint' | 'mute' | 'unmute') => (event?: FormEvent) => {
    event?.preventDefault();
    const name = username.trim();
    if (name)
      operate.mutate(action === 'appoint' ? { action, username: name } : { action, username: name, minutes });
  };

  const data = moderators.data;
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('moderators.title')}</h2>
      {data && (
        <p className={mutedClass}>{t('moderators.limit', { n: data.list.length, limit: data.limit })}</p>
      )}
      <ul className="my-2 divide-y divide-zinc-200 dark:divide-zinc-800">
        {data?.list.map((m) => (
          <li key={m.uid} className="flex items-center gap-2 py-1 text-sm">
            <span>{m.name}</span>
            <span className={mutedClass}>#{m.uid}</span>
            <button
              type="button"
              className={`${smallButtonClass.secondary} ml-auto`}
              onClick={() => operate.mutate({ action: 'dismiss', userId: m.uid })}
            >
              {t('moderators.dismiss')}
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={act('appoint')} className="flex flex-wrap items-center gap-2">
        <input
          className={`${inputClass} w-48`}
          value={username}
          autoComplete="off"
          placeholder={t('moderators.username')}
          aria-label={t('moderators.username')}
          onChange={(e) => setUsername(e.target.value)}
        />
        <button type="submit" className={smallButtonClass.primary}>
          {t('moderators.appoint')}
        </button>
        <select
          className={smallButtonClass.secondary}
          value={minutes}
          aria-label={t('mute.length')}
          onChange={(e) => setMinutes(Number(e.target.value))}
        >
          {MUTE_MINUTES.map((m) => (
            <option key={m} value={m}>
              {t(`mute.m${m}`)}
            </option>
          ))}
        </select>
        <button type="button" className={smallButtonClass.danger} onClick={act('mute')}>
          {t('mute.mute')}
        </button>
        <button type="button" className={smallButtonClass.secondary} onClick={act('unmute')}>
          {t('mute.unmute')}
        </button>
      </form>
    </Card>
  );
}
