import type { Market, PlanMatch, Prediction } from '../../../modules/experts/experts.contract';
import { mutedClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';

/** A pick in words: the team's name for home and away, else the word (draw, over, yes...). */
export function usePickLabel() {
  const { t } = useTranslation('experts');
  return (pick: string, match: Pick<PlanMatch, 'home' | 'away'>) =>
    pick === 'home' ? match.home : pick === 'away' ? match.away : t(`pick.${pick}`);
}

/** A market with its line where it has one: "Handicap -0.5", "Map 2 winner". */
export function useMarketLabel() {
  const { t } = useTranslation('experts');
  return (market: Market, line: number | null) =>
    line === null
      ? t(`market.${market}`)
      : `${t(`market.${market}`)} ${line > 0 && market === 'handicap' ? '+' : ''}${line}`;
}

/** The prediction a buyer reads: level, market and line, the pick and the odds. */
export function PredictionText({
  playLevel,
  prediction,
  match,
}: {
  playLevel: string;
  prediction: Prediction;
  match: PlanMatch;
}) {
  const { t } = useTranslation('experts');
  const pickLabel = usePickLabel();
  const marketLabel = useMarketLabel();
  const rows = [
    { key: 'level', label: t('plan.level'), value: playLevel },
    { key: 'market', label: t('plan.market'), value: marketLabel(prediction.market, prediction.line) },
    { key: 'pick', label: t('plan.pick'), value: pickLabel(prediction.pick, match), strong: true },
    { key: 'odds', label: t('plan.odds'), value: prediction.odds.toFixed(2) },
  ];
  return (
    <dl
      className="grid grid-cols-2 gap-3 rounded-xl bg-zinc-50 p-3 sm:grid-cols-4 dark:bg-zinc-800/60"
      data-testid="prediction"
    >
      {rows.map((row) => (
        <div key={row.key}>
          <dt className={mutedClass}>{row.label}</dt>
          <dd className={row.strong ? 'font-bold text-brand-ink' : 'font-medium'}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
