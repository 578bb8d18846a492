import type { ExpertStats } from '../../../modules/experts/experts.contract';
import { mutedClass, ScrollBox } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { signClass, useStatFormat } from './format';

/** An expert's record: hit rate overall and over every history window, streaks, plans and ROI. */
export function StatsPanel({ stats }: { stats: ExpertStats }) {
  const { t } = useTranslation('experts');
  const format = useStatFormat();
  const main = [
    { key: 'hitRate', label: t('stats.hitRate'), value: format.percent(stats.hitRate) },
    { key: 'streak', label: t('stats.streak'), value: String(stats.currentStreak) },
    { key: 'best', label: t('stats.bestStreak'), value: String(stats.bestStreak) },
    { key: 'roi', label: t('stats.roi'), value: format.signedPercent(stats.roi), tone: signClass(stats.roi) },
    { key: 'plans', label: t('stats.plans'), value: String(stats.plans) },
    { key: 'forSale', label: t('stats.forSale'), value: String(stats.plansOnSale) },
  ];
  return (
    <div className="flex flex-col gap-4" data-testid="expert-stats">
      <dl className="grid grid-cols-3 gap-3 sm:grid-cols-6">
        {main.map((item) => (
          <div key={item.key} className="rounded-xl bg-zinc-50 p-3 text-center dark:bg-zinc-800/60">
            <dt className={mutedClass}>{item.label}</dt>
            <dd className={`text-lg font-bold tabular-nums ${item.tone ?? ''}`}>{item.value}</dd>
          </div>
        ))}
      </dl>
      {stats.settled === 0 ? (
        <p className={mutedClass}>{t('stats.none')}</p>
      ) : (
        <ScrollBox label={t('stats.hitRate')}>
          <table className="w-full min-w-[28rem] text-center text-sm tabular-nums">
            <thead className={mutedClass}>
              <tr>
                <th scope="col" className="py-1 text-start font-medium">
                  {t('stats.hitRate')}
                </th>
                {stats.windows.map((window) => (
                  <th key={window.window} scope="col" className="py-1 font-medium">
                    {t('stats.lastN', { count: window.window })}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row" className="py-1 text-start font-medium">
                  {format.percent(stats.hitRate)}
                </th>
                {stats.windows.map((window) => (
                  <td key={window.window} className="py-1">
                    <span className="font-semibold">{format.percent(window.hitRate)}</span>{' '}
                    <span className={mutedClass}>
                      {window.hits}/{window.plans}
                    </span>
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </ScrollBox>
      )}
      {stats.recent.length > 0 && (
        <ol className="flex flex-wrap gap-1" aria-label={t('stats.settled')}>
          {stats.recent.map((hit, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: the order is the identity (newest first)
              key={index}
              className={`flex size-6 items-center justify-center rounded text-xs font-bold text-white ${hit ? 'bg-emerald-600' : 'bg-red-600'}`}
            >
              <span aria-hidden="true">{hit ? '✓' : '✕'}</span>
              <span className="sr-only">{hit ? t('plan.result.win') : t('plan.result.lose')}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
