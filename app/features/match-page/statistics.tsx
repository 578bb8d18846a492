import type { MatchExtras } from '../../../modules/matches/matches.contract';
import { Skeleton } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { EmptyNote } from './section';
import { useBcp47 } from './time';

/** Match statistics as paired bars: the home side's share from the start, the away side's to the end. */
export function Statistics({ statistics }: { statistics: MatchExtras['statistics'] }) {
  const { t } = useTranslation('match');
  const numbers = new Intl.NumberFormat(useBcp47());
  if (statistics.length === 0) return <EmptyNote>{t('stats.empty')}</EmptyNote>;
  return (
    <ul className="flex flex-col gap-3">
      {statistics.map((stat) => {
        const total = stat.home + stat.away;
        const homeShare = total === 0 ? 50 : (stat.home / total) * 100;
        const label = t(`stats.${stat.key}`, { defaultValue: stat.key.replaceAll('_', ' ') });
        const leader = stat.home === stat.away ? null : stat.home > stat.away ? 'home' : 'away';
        return (
          <li key={stat.key} className="flex flex-col gap-1">
            <div className="flex items-center justify-between gap-2 text-sm tabular-nums">
              <span className={leader === 'home' ? 'font-semibold' : undefined}>
                {numbers.format(stat.home)}
              </span>
              <span className="text-center text-zinc-600 dark:text-zinc-400">{label}</span>
              <span className={leader === 'away' ? 'font-semibold' : undefined}>
                {numbers.format(stat.away)}
              </span>
            </div>
            <div className="flex h-1.5 gap-1" aria-hidden="true">
              <span className="flex flex-1 justify-end overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800">
                <span className="rounded-full bg-brand" style={{ width: `${homeShare}%` }} />
              </span>
              <span className="flex flex-1 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800">
                <span className="rounded-full bg-sky-600" style={{ width: `${100 - homeShare}%` }} />
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Statistics on their way. */
export function StatisticsSkeleton() {
  const { t } = useTranslation('match');
  return (
    <div className="flex flex-col gap-3" aria-busy="true">
      <span className="sr-only" role="status">
        {t('state.loading')}
      </span>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-1.5 w-full" />
    </div>
  );
}
