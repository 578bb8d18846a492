import { useMemo } from 'react';
import { Link } from 'react-router';
import type { MatchDetail, MatchSummary } from '../../../modules/matches/matches.contract';
import { useTranslation } from '../../i18n/translations';
import {
  ConnectionState,
  type ConnectionStatus,
  EmptyMatches,
  MatchesByTime,
  MatchRow,
  ScoreAnnouncer,
  useLiveMatches,
} from '../matches';
import { useFreshDetails } from './fresh-details';
import { leadersOf } from './leaders';
import { ErrorNote, Section } from './section';
import { Statistics, StatisticsSkeleton } from './statistics';

/** How many statistics an in-play card shows. */
const CARD_STATISTICS = 4;

function PageTitle({ title, status }: { title: string; status: ConnectionStatus }) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-2">
      <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
      <ConnectionState status={status} />
    </header>
  );
}

/** In play, today and finished today: the numbers at the top of a data page. */
function Counts({ matches }: { matches: readonly MatchSummary[] }) {
  const { t } = useTranslation('match');
  const counts = [
    { key: 'inPlay', value: matches.filter((match) => match.status === 'in_progress').length },
    { key: 'today', value: matches.length },
    { key: 'finished', value: matches.filter((match) => match.status === 'finished').length },
  ];
  return (
    <dl className="grid grid-cols-3 gap-2">
      {counts.map((count) => (
        <div key={count.key} className="rounded-2xl bg-white p-3 text-center shadow-sm dark:bg-zinc-900">
          <dt className="text-xs text-zinc-500 dark:text-zinc-400">{t(`data.counts.${count.key}`)}</dt>
          <dd className="text-2xl font-bold tabular-nums">{count.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /{game}/data: the game's matches of today, the ones in play with their live statistics, and the
 * players who scored most in them; all kept live.
 */
export function GameDataView({
  title,
  matches: initial,
  details,
  topics,
}: {
  title: string;
  matches: MatchSummary[];
  details: MatchDetail[];
  topics: string[];
}) {
  const { t } = useTranslation('match');
  const { matches, changed, status } = useLiveMatches(initial, topics);
  const inPlay = useMemo(() => matches.filter((match) => match.status === 'in_progress'), [matches]);
  const initialDetails = useMemo(
    () => new Map(details.map((detail) => [detail.summary.id, detail])),
    [details],
  );
  const queries = useFreshDetails(inPlay, initialDetails);
  const loaded = queries.flatMap((query) => (query.data ? [query.data] : []));
  const leaders = leadersOf(loaded);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <PageTitle title={title} status={status} />
      <Counts matches={matches} />
      <ScoreAnnouncer matches={matches} changed={changed} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Section id="data-in-play" title={t('data.inPlay')}>
          {inPlay.length === 0 ? (
            <EmptyMatches title={t('data.noneInPlay')} hint={t('data.noneInPlayHint')} />
          ) : (
            <ul className="flex flex-col gap-3">
              {inPlay.map((match, index) => {
                const query = queries[index];
                return (
                  <li
                    key={match.id}
                    className="overflow-hidden rounded-xl border border-zinc-100 dark:border-zinc-800"
                  >
                    <ul>
                      <MatchRow match={match} changed={changed.has(match.id)} league={match.league.name} />
                    </ul>
                    <div className="border-t border-zinc-100 p-3 dark:border-zinc-800">
                      {query?.data ? (
                        <Statistics statistics={query.data.extras.statistics.slice(0, CARD_STATISTICS)} />
                      ) : query?.isError ? (
                        <ErrorNote onRetry={() => void query.refetch()} />
                      ) : (
                        <StatisticsSkeleton />
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </Section>
        <Section id="data-leaders" title={t('data.leaders')}>
          {leaders.length === 0 ? (
            <p className="py-4 text-center text-sm text-zinc-500 dark:text-zinc-400">{t('data.noLeaders')}</p>
          ) : (
            <ol className="flex flex-col divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
              {leaders.map((leader, index) => (
                <li key={leader.playerId} className="flex items-center gap-2 py-1.5">
                  <span className="w-5 text-center tabular-nums text-zinc-500">{index + 1}</span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{leader.name}</span>
                    <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                      {leader.team}
                    </span>
                  </span>
                  <span className="font-bold tabular-nums">{leader.count}</span>
                </li>
              ))}
            </ol>
          )}
        </Section>
      </div>
      <section aria-labelledby="data-today" className="flex flex-col gap-2">
        <h2 id="data-today" className="font-semibold">
          {t('data.today')}
        </h2>
        {matches.length === 0 ? <EmptyMatches /> : <MatchesByTime matches={matches} changed={changed} />}
      </section>
    </div>
  );
}

/** /live/data: every match in play, by game, each row with its period scores; kept live. */
export function LiveDataView({
  title,
  matches: initial,
  games,
}: {
  title: string;
  matches: MatchSummary[];
  games: { gameId: number; slug: string; name: string }[];
}) {
  const { t } = useTranslation('match');
  const { matches, changed, status } = useLiveMatches(initial, ['live']);
  const byGame = games.flatMap((game) => {
    const list = matches.filter((match) => match.gameId === game.gameId);
    return list.length > 0 ? [{ game, list }] : [];
  });
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <PageTitle title={title} status={status} />
      <ScoreAnnouncer matches={matches} changed={changed} />
      {byGame.length === 0 ? (
        <EmptyMatches title={t('data.noneInPlay')} hint={t('data.noneInPlayHint')} />
      ) : (
        byGame.map(({ game, list }) => (
          <section key={game.gameId} aria-labelledby={`live-${game.slug}`} className="flex flex-col gap-2">
            <header className="flex items-center gap-2">
              <img src={`/games/${game.slug}.svg`} alt="" width={20} height={20} />
              <h2 id={`live-${game.slug}`} className="font-semibold">
                {game.name}
              </h2>
              <span className="text-sm tabular-nums text-zinc-500 dark:text-zinc-400">
                {t('data.liveCount', {
                  count: list.filter((match) => match.status === 'in_progress').length,
                })}
              </span>
              <Link to={`/${game.slug}/data`} className="ms-auto text-sm text-brand-ink hover:underline">
                {t('data.gameData', { game: game.name })}
              </Link>
            </header>
            <MatchesByTime matches={list} changed={changed} />
          </section>
        ))
      )}
    </div>
  );
}
