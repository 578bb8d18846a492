import { Link } from 'react-router';
import type {
  ExpertCard,
  ExpertRef,
  PlanState,
  PlanSummary,
  RankingRow,
  Settlement,
} from '../../../modules/experts/experts.contract';
import { DateTime, EmptyState, mutedClass } from '../../components/ui';
import { UserAvatar } from '../../components/user-avatar';
import { useTranslation } from '../../i18n/translations';
import { signClass, useStatFormat } from './format';

const rowClass = 'flex items-center gap-3 py-2.5';

/** An expert's picture and name, linking to the expert page. */
export function ExpertName({ expert, size = 36 }: { expert: ExpertRef; size?: number }) {
  return (
    <Link to={`/expert/${expert.uid}`} className="flex min-w-0 items-center gap-2 hover:text-brand-ink">
      <UserAvatar src={expert.avatar} name={expert.displayName} size={size} />
      <span className="truncate font-medium">{expert.displayName}</span>
    </Link>
  );
}

/** One row per expert: name and introduction, then hit rate, streak and ROI in fixed columns. */
export function ExpertRows({ cards }: { cards: ExpertCard[] }) {
  const { t } = useTranslation('experts');
  const format = useStatFormat();
  if (cards.length === 0) return <EmptyState title={t('messages:noData')} />;
  return (
    <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="expert-rows">
      {cards.map(({ expert, introduction, stats }) => (
        <li key={expert.uid} className={rowClass}>
          <div className="min-w-0 flex-1">
            <ExpertName expert={expert} />
            <p className={`${mutedClass} mt-0.5 truncate`}>{introduction}</p>
          </div>
          <dl className="grid w-44 shrink-0 grid-cols-3 gap-2 text-center tabular-nums sm:w-60 sm:gap-4">
            <Stat label={t('stats.hitRate')} value={format.percent(stats.hitRate)} />
            <Stat label={t('stats.streak')} value={String(stats.currentStreak)} />
            <Stat
              label={t('stats.roi')}
              value={format.signedPercent(stats.roi)}
              className={signClass(stats.roi)}
            />
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Stat({ label, value, className = '' }: { label: string; value: string; className?: string }) {
  return (
    <div className="min-w-0">
      <dt className={mutedClass}>{label}</dt>
      <dd className={`font-semibold ${className}`}>{value}</dd>
    </div>
  );
}

/** A plan's price: free, or coins. */
export function PriceTag({ price }: { price: number }) {
  const { t } = useTranslation('experts');
  return (
    <span className="whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 tabular-nums dark:bg-amber-900/40 dark:text-amber-200">
      {price === 0 ? t('plan.free') : t('plan.price', { amount: price })}
    </span>
  );
}

const SETTLEMENT_CLASS: Record<Settlement, string> = {
  pending: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  win: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300',
  half_win: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300',
  push: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  void: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  half_lose: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
  lose: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
};

/** How a plan came out, in words (not colour alone). */
export function SettlementTag({ settlement }: { settlement: Settlement }) {
  const { t } = useTranslation('experts');
  return (
    <span
      className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${SETTLEMENT_CLASS[settlement]}`}
    >
      {t(`plan.result.${settlement}`)}
    </span>
  );
}

/** Where a plan stands in review. */
export function StateTag({ state }: { state: PlanState }) {
  const { t } = useTranslation('experts');
  const tone =
    state === 'published'
      ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300'
      : state === 'rejected'
        ? 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300'
        : 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300';
  return (
    <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>
      {t(`plan.status.${state}`)}
    </span>
  );
}

/** The match a plan is on: league, the two sides and the kick-off. */
export function PlanMatchLine({ plan }: { plan: PlanSummary }) {
  const { match } = plan;
  return (
    <p className={`${mutedClass} truncate`}>
      {match.league} · {match.home} – {match.away} ·{' '}
      <DateTime value={new Date(match.startTime).toISOString()} />
    </p>
  );
}

/**
 * One row per plan: title and match (unless the page is the match's), the expert unless the page
 * is theirs, then price and outcome.
 */
export function PlanRows({
  plans,
  showExpert = true,
  showMatch = true,
}: {
  plans: PlanSummary[];
  showExpert?: boolean;
  showMatch?: boolean;
}) {
  const { t } = useTranslation('experts');
  if (plans.length === 0) return <EmptyState title={t('messages:noData')} />;
  return (
    <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="plan-rows">
      {plans.map((plan) => (
        <li key={plan.id} className="flex items-start gap-3 py-2.5">
          <div className="min-w-0 flex-1">
            <Link to={`/expert/plan/${plan.id}`} className="line-clamp-2 font-medium hover:text-brand-ink">
              {plan.label && (
                <span className="me-1.5 rounded bg-brand px-1.5 py-0.5 text-xs text-white">{plan.label}</span>
              )}
              {plan.title}
            </Link>
            {showMatch && <PlanMatchLine plan={plan} />}
            {showExpert && (
              <p className={`${mutedClass} mt-0.5`}>
                <Link to={`/expert/${plan.expert.uid}`} className="hover:text-brand-ink">
                  {plan.expert.displayName}
                </Link>
                {' · '}
                {t('plan.sales', { amount: plan.sales })}
              </p>
            )}
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <PriceTag price={plan.price} />
            {plan.settlement === 'pending' ? (
              plan.refundOnMiss && <span className={mutedClass}>{t('plan.refund')}</span>
            ) : (
              <SettlementTag settlement={plan.settlement} />
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A daily or weekly ranking: rank, expert, hit rate and units won. */
export function RankingRows({ rows }: { rows: RankingRow[] }) {
  const { t } = useTranslation('experts');
  const format = useStatFormat();
  if (rows.length === 0) return <EmptyState title={t('messages:noData')} />;
  return (
    <ol className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {rows.map((row) => (
        <li key={row.expert.uid} className={rowClass}>
          <span
            className={`w-6 shrink-0 text-center font-bold tabular-nums ${row.rank <= 3 ? 'text-brand-ink' : 'text-zinc-500'}`}
          >
            {row.rank}
          </span>
          <div className="min-w-0 flex-1">
            <ExpertName expert={row.expert} size={28} />
          </div>
          <span className="shrink-0 text-sm tabular-nums">
            {row.hits}/{row.plans} · {format.percent(row.hitRate)}
          </span>
        </li>
      ))}
    </ol>
  );
}
