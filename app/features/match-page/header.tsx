import { useEffect } from 'react';
import { Link } from 'react-router';
import type { MatchSummary, TeamRef } from '../../../modules/matches/matches.contract';
import { useTranslation } from '../../i18n/translations';
import {
  ConnectionState,
  type ConnectionStatus,
  FavouriteButton,
  liveClockText,
  MatchFollowActions,
  ScoreAnnouncer,
  ShowScoreButton,
  TeamLogo,
  usePageTime,
  useScoreShown,
} from '../matches';
import { periodName } from './periods';
import { DATE_TIME, MatchTime } from './time';

const NONE: ReadonlySet<number> = new Set();

/**
 * The top of the match page: competition, both teams with the score, the running clock or the
 * status, and the kick-off in the visitor's time zone. A new score flashes and is read out.
 */
export function MatchHeader({
  match,
  headline,
  gameName,
  changed,
  status,
}: {
  match: MatchSummary;
  /** "Home vs Away — League — date": the page's heading, for screen readers (the header shows it all). */
  headline: string;
  gameName: string;
  changed: boolean;
  status: ConnectionStatus;
}) {
  const { t } = useTranslation('match');
  const live = match.status === 'in_progress';
  const started = match.status === 'in_progress' || match.status === 'finished';
  const [scoreShown, showScore] = useScoreShown(match.id);
  useScoreInTitle(match, started && scoreShown);
  return (
    <header className="overflow-hidden rounded-2xl bg-white shadow-sm dark:bg-zinc-900">
      <h1 className="sr-only">{headline}</h1>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-zinc-100 px-4 py-2 text-sm dark:border-zinc-800">
        <Link
          to={`/match/${match.game}`}
          className="flex min-w-0 items-center gap-2 text-zinc-600 hover:text-brand-ink dark:text-zinc-300"
        >
          {match.league.logo && <img src={match.league.logo} alt="" width={20} height={20} />}
          <span className="truncate">
            {gameName} · {match.league.name}
            {match.round !== null && <> · {t('header.round', { round: match.round })}</>}
          </span>
        </Link>
        {live && <ConnectionState status={status} />}
      </div>
      {match.lobby ? (
        <LobbyHeader match={match} />
      ) : (
        <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-2 px-3 py-5 sm:px-6">
          <Team team={match.home} winner={match.winner === 'home'} />
          <div className="flex flex-col items-center gap-1">
            {started && !scoreShown ? (
              <ShowScoreButton onShow={showScore} className="text-sm" />
            ) : started ? (
              <p
                data-testid="match-score"
                className={`rounded-lg px-2 text-3xl font-bold tabular-nums transition-colors duration-700 sm:text-5xl ${changed ? 'bg-amber-200 dark:bg-amber-700' : ''}`}
              >
                <span className="sr-only">{t('header.score')} </span>
                {match.score.home}
                <span className="mx-1 text-zinc-500 dark:text-zinc-400">–</span>
                {match.score.away}
              </p>
            ) : (
              <p className="text-2xl font-semibold text-zinc-500 dark:text-zinc-400">{t('header.vs')}</p>
            )}
            <MatchState match={match} />
            {match.bestOf !== null && (
              <p className="text-xs text-zinc-500 dark:text-zinc-400">
                {t('header.bestOf', { count: match.bestOf })}
              </p>
            )}
          </div>
          <Team team={match.away} winner={match.winner === 'away'} />
        </div>
      )}
      <p className="border-t border-zinc-100 px-4 py-2 text-center text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
        {t('header.kickOff')} <MatchTime at={match.startTime} options={DATE_TIME} />
      </p>
      <div className="flex justify-center border-t border-zinc-100 px-4 py-2 dark:border-zinc-800">
        <MatchFollowActions match={match} />
      </div>
      {scoreShown && <ScoreAnnouncer matches={[match]} changed={changed ? new Set([match.id]) : NONE} />}
    </header>
  );
}

/** The score of the open match leads the tab's title, so it shows among the other tabs. */
function useScoreInTitle(match: MatchSummary, shown: boolean) {
  const score = shown ? `${match.score.home}-${match.score.away}` : null;
  useEffect(() => {
    if (score === null) return;
    const title = document.title;
    document.title = `(${score}) ${title}`;
    return () => {
      document.title = title;
    };
  }, [score]);
}

function Team({ team, winner }: { team: TeamRef | null; winner: boolean }) {
  return (
    <div className="flex min-w-0 flex-col items-center gap-2 text-center">
      {team && <TeamLogo team={team} size={56} />}
      <h2 className={`line-clamp-2 text-sm sm:text-base ${winner ? 'font-bold' : 'font-medium'}`}>
        {team?.name}
      </h2>
      {team && <FavouriteButton kind="team" id={team.id} />}
    </div>
  );
}

/** The clock of a live match (running between updates), else its status in words. */
function MatchState({ match }: { match: MatchSummary }) {
  const { t } = useTranslation('match');
  const { now } = usePageTime();
  if (match.status !== 'in_progress')
    return (
      <p className="text-sm font-medium text-zinc-600 dark:text-zinc-300">{t(`status.${match.status}`)}</p>
    );
  const clock = liveClockText(match, now, (period) => periodName(t, period));
  return (
    <p className="flex items-center gap-1.5 text-sm font-semibold text-brand-ink">
      <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-brand" />
      <span className="sr-only">{t('status.in_progress')}</span>
      <span className="tabular-nums">{clock ?? t('status.in_progress')}</span>
    </p>
  );
}

/** A battle-royale lobby has no two sides: the leaders of the standings head the page. */
function LobbyHeader({ match }: { match: MatchSummary }) {
  const { t } = useTranslation('match');
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-5">
      <MatchState match={match} />
      <ol className="flex w-full max-w-md flex-col gap-1 text-sm">
        {match.lobby?.slice(0, 3).map((standing) => (
          <li key={standing.team.id} className="flex items-center gap-2">
            <span className="w-5 text-center font-bold tabular-nums">{standing.rank}</span>
            <TeamLogo team={standing.team} size={24} />
            <span className="min-w-0 flex-1 truncate">{standing.team.name}</span>
            <span className="font-semibold tabular-nums">
              {t('header.points', { count: standing.points })}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
