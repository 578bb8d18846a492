import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { LEADERBOARD_TYPES, type LeaderboardType } from '../../../modules/chat/chat.contract';
import { cardClass, mutedClass } from '../../components/ui';
import { UserAvatar } from '../../components/user-avatar';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';

interface Ranked {
  rank: number;
  uid: number;
  name: string;
  avatar: string | null;
  gifts: number;
}

/**
 * The room's top gifters of today or of this week (spec point 9), read again whenever a gift
 * arrives in the room (`gifted` counts them).
 */
export function TopGifters({ roomId, gifted }: { roomId: number; gifted: number }) {
  const { t } = useTranslation('chat');
  const api = useApi();
  const heading = useId();
  const [type, setType] = useState<LeaderboardType>('daily');
  const board = useQuery({
    queryKey: ['gift-leaderboard', roomId, type, gifted],
    queryFn: () =>
      api.get<{ list: Ranked[] }>(`/gift/leaderboard/${type}`, { query: { roomId }, quiet: true }),
    placeholderData: (previous) => previous,
  });
  const list = board.data?.list.slice(0, 10) ?? [];
  return (
    <section aria-labelledby={heading} className={cardClass}>
      <div className="mb-2 flex items-center gap-2">
        <h2 id={heading} className="text-sm font-semibold">
          {t('topGifters.title')}
        </h2>
        <div className="ms-auto flex gap-1">
          {LEADERBOARD_TYPES.map((which) => (
            <button
              key={which}
              type="button"
              aria-pressed={type === which}
              onClick={() => setType(which)}
              className="rounded-full border border-zinc-200 px-2.5 py-0.5 text-xs aria-pressed:border-brand aria-pressed:bg-brand aria-pressed:text-white dark:border-zinc-700"
            >
              {t(`topGifters.${which}`)}
            </button>
          ))}
        </div>
      </div>
      {board.data && list.length === 0 && <p className={mutedClass}>{t('topGifters.empty')}</p>}
      <ol className="flex flex-col gap-1.5">
        {list.map((row) => (
          <li key={row.uid} className="flex items-center gap-2 text-sm">
            <span className="w-5 text-center font-semibold tabular-nums text-amber-700 dark:text-amber-400">
              {row.rank}
            </span>
            <UserAvatar src={row.avatar} name={row.name} size={24} />
            <span className="min-w-0 flex-1 truncate">{row.name}</span>
            <span className={`${mutedClass} tabular-nums`}>{t('topGifters.gifts', { n: row.gifts })}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
