import type { TFunction } from '../../../lib/translate';
import type { MatchExtras } from '../../../modules/matches/matches.contract';
import { ScrollBox } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { EmptyNote } from './section';

type Odds = NonNullable<MatchExtras['odds']>;

const MARKETS = [
  { key: 'oneXTwo', outcomes: ['home', 'draw', 'away'] },
  { key: 'handicap', outcomes: ['home', 'away'] },
  { key: 'overUnder', outcomes: ['over', 'under'] },
] as const;

/** The three markets: opening and current prices, with an arrow where the price moved. */
export function OddsView({ odds }: { odds: Odds | null }) {
  const { t } = useTranslation('match');
  const markets = MARKETS.flatMap((market) => {
    const line = odds?.[market.key];
    return line ? [{ ...market, line }] : [];
  });
  if (markets.length === 0) return <EmptyNote>{t('odds.empty')}</EmptyNote>;
  return (
    <div className="flex flex-col gap-4">
      {markets.map((market) => (
        <ScrollBox key={market.key} label={t(`odds.${market.key}`)}>
          <table className="w-full border-collapse text-sm tabular-nums">
            <caption className="mb-1 text-start text-sm font-semibold">
              {t(`odds.${market.key}`)}
              {market.line.line !== null && (
                <span className="ms-2 font-normal text-zinc-500">
                  {lineText(t, market.key, market.line.line)}
                </span>
              )}
            </caption>
            <thead>
              <tr className="text-xs text-zinc-500 dark:text-zinc-400">
                <th scope="col" className="py-1.5 pe-3 text-start font-medium">
                  <span className="sr-only">{t('odds.price')}</span>
                </th>
                {market.outcomes.map((outcome) => (
                  <th key={outcome} scope="col" className="px-2 py-1.5 text-center font-medium">
                    {t(`odds.${outcome}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <PriceRow label={t('odds.opening')} values={market.line.opening} />
              <PriceRow
                label={t('odds.current')}
                values={market.line.current}
                opening={market.line.opening}
              />
            </tbody>
          </table>
        </ScrollBox>
      ))}
    </div>
  );
}

function lineText(t: TFunction, market: string, line: number): string {
  if (market === 'overUnder') return t('odds.total', { line });
  return t('odds.line', { line: line > 0 ? `+${line}` : String(line) });
}

function PriceRow({ label, values, opening }: { label: string; values: number[]; opening?: number[] }) {
  return (
    <tr className="border-t border-zinc-100 dark:border-zinc-800">
      <th scope="row" className="py-2 pe-3 text-start font-medium whitespace-nowrap">
        {label}
      </th>
      {values.map((value, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: outcomes keep their order
        <td key={index} className="px-2 py-2 text-center whitespace-nowrap">
          {value.toFixed(2)}
          {opening && <Movement from={opening[index]} to={value} />}
        </td>
      ))}
    </tr>
  );
}

/** Up in red, down in green, as bettors read prices: a drifting price, a shortening one. */
function Movement({ from, to }: { from: number | undefined; to: number }) {
  const { t } = useTranslation('match');
  if (from === undefined || from === to) return null;
  const up = to > from;
  return (
    <span
      className={`ms-1 ${up ? 'text-red-600 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}`}
    >
      <span aria-hidden="true">{up ? '▲' : '▼'}</span>
      <span className="sr-only">{t(up ? 'odds.up' : 'odds.down')}</span>
    </span>
  );
}
