import { Link } from 'react-router';
import type { MatchDetail, MatchSummary } from '../../../modules/matches/matches.contract';
import type { Side } from '../../../modules/sports';
import { useTranslation } from '../../i18n/translations';
import { EmptyNote } from './section';
import { MatchTime, SHORT_DATE } from './time';

/** Earlier meetings of the two sides, newest first, each linking to its match page. */
export function HeadToHead({ matches }: { matches: MatchSummary[] }) {
  const { t } = useTranslation('match');
  if (matches.length === 0) return <EmptyNote>{t('h2h.empty')}</EmptyNote>;
  return (
    <ul className="flex flex-col divide-y divide-zinc-100 dark:divide-zinc-800">
      {matches.map((match) => (
        <li key={match.id}>
          <Link
            to={`/${match.game}/${match.id}`}
            className="grid grid-cols-[5.5rem_1fr_auto_1fr] items-center gap-2 py-2 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800/50"
          >
            <span className="text-xs text-zinc-500 dark:text-zinc-400">
              <MatchTime at={match.startTime} options={SHORT_DATE} />
            </span>
            <span className={`truncate text-end ${match.winner === 'home' ? 'font-semibold' : ''}`}>
              {match.home?.name}
            </span>
            <span className="rounded bg-zinc-100 px-2 py-0.5 font-semibold tabular-nums dark:bg-zinc-800">
              {match.score.home} – {match.score.away}
            </span>
            <span className={`truncate ${match.winner === 'away' ? 'font-semibold' : ''}`}>
              {match.away?.name}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

const FORM_COLOURS = {
  W: 'bg-emerald-600 text-white',
  D: 'bg-zinc-400 text-white dark:bg-zinc-600',
  L: 'bg-red-600 text-white',
} as const;

/** The last results of each side as W/D/L chips, most recent first. */
export function Form({ form, summary }: { form: MatchDetail['form']; summary: MatchSummary }) {
  const { t } = useTranslation('match');
  const sides: Side[] = ['home', 'away'];
  if (form.home.length === 0 && form.away.length === 0) return <EmptyNote>{t('h2h.noForm')}</EmptyNote>;
  return (
    <dl className="flex flex-col gap-2">
      {sides.map((side) => (
        <div key={side} className="flex items-center justify-between gap-3">
          <dt className="min-w-0 truncate text-sm font-medium">
            {summary[side]?.name ?? t(`table.${side}`)}
          </dt>
          <dd className="flex gap-1">
            {form[side].map((letter, index) => (
              <abbr
                // biome-ignore lint/suspicious/noArrayIndexKey: results in order, without identity
                key={index}
                title={t(`h2h.result.${letter}`)}
                className={`flex size-6 items-center justify-center rounded text-xs font-bold no-underline ${FORM_COLOURS[letter]}`}
              >
                {t(`h2h.letter.${letter}`)}
              </abbr>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The pre-match win probability as one bar: home, draw (where a draw can happen), away. */
export function Prediction({
  prediction,
  summary,
}: {
  prediction: MatchDetail['extras']['prediction'];
  summary: MatchSummary;
}) {
  const { t } = useTranslation('match');
  if (!prediction) return <EmptyNote>{t('prediction.empty')}</EmptyNote>;
  const parts = [
    {
      key: 'home',
      label: summary.home?.shortName ?? t('table.home'),
      value: prediction.home,
      colour: 'bg-brand',
    },
    ...(prediction.draw === null
      ? []
      : [
          {
            key: 'draw',
            label: t('odds.draw'),
            value: prediction.draw,
            colour: 'bg-zinc-400 dark:bg-zinc-600',
          },
        ]),
    {
      key: 'away',
      label: summary.away?.shortName ?? t('table.away'),
      value: prediction.away,
      colour: 'bg-sky-600',
    },
  ];
  return (
    <div className="flex flex-col gap-2">
      <div className="flex h-2.5 overflow-hidden rounded-full" aria-hidden="true">
        {parts.map((part) => (
          <span key={part.key} className={part.colour} style={{ width: `${part.value}%` }} />
        ))}
      </div>
      <ul className="flex justify-between text-sm tabular-nums">
        {parts.map((part) => (
          <li key={part.key} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={`size-2.5 rounded-full ${part.colour}`} />
            <span className="truncate">{part.label}</span>
            <span className="font-semibold">{Math.round(part.value)}%</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
