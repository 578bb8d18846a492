import { Link } from 'react-router';
import type { GameEntry } from '../../../modules/catalog';
import type { MatchExtras, MatchSummary, TeamRef } from '../../../modules/matches/matches.contract';
import { buttonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { MatchStatus, TeamLogo } from './match-row';

const boxClass = 'overflow-hidden rounded-xl bg-white shadow-sm dark:bg-zinc-900';

export interface TeamInAction {
  team: TeamRef;
  league: string;
  /** The team's first match of the day, and who it plays (null in a battle-royale lobby). */
  match: MatchSummary;
  opponent: TeamRef | null;
}

/** The teams of the matches listed, each once, with its first match: the "team" view. */
export function teamsInAction(matches: readonly MatchSummary[]): TeamInAction[] {
  const seen = new Map<number, TeamInAction>();
  for (const match of matches) {
    const sides = match.lobby
      ? match.lobby.map((standing) => ({ team: standing.team, opponent: null }))
      : match.home && match.away
        ? [
            { team: match.home, opponent: match.away },
            { team: match.away, opponent: match.home },
          ]
        : [];
    for (const { team, opponent } of sides)
      if (!seen.has(team.id)) seen.set(team.id, { team, league: match.league.name, match, opponent });
  }
  return [...seen.values()];
}

export function TeamsView({ teams }: { teams: TeamInAction[] }) {
  const { t } = useTranslation('matches');
  return (
    <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
      {teams.map(({ team, league, match, opponent }) => (
        <li key={team.id} className={`${boxClass} relative flex items-center gap-3 p-3`}>
          <TeamLogo team={team} size={36} />
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold">{team.name}</p>
            <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{league}</p>
            <Link
              to={`/${match.game}/${match.id}`}
              prefetch="intent"
              className="mt-1 flex items-center gap-2 text-xs after:absolute after:inset-0"
            >
              <MatchStatus match={match} />
              <span className="truncate text-zinc-600 dark:text-zinc-300">
                {opponent ? t('list.versus', { team: opponent.name }) : t('row.lobby', { league })}
              </span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

type Prediction = NonNullable<MatchExtras['prediction']>;

/** The win probabilities before the match: one bar split home, draw, away. */
function PredictionBar({ prediction }: { prediction: Prediction }) {
  const { t } = useTranslation('matches');
  const parts = [
    { key: 'home', value: prediction.home, className: 'bg-brand' },
    ...(prediction.draw === null ? [] : [{ key: 'draw', value: prediction.draw, className: 'bg-zinc-400' }]),
    { key: 'away', value: prediction.away, className: 'bg-sky-600' },
  ];
  return (
    <div className="flex flex-col gap-1">
      <div className="flex h-2 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800">
        {parts.map((part) => (
          <span key={part.key} className={part.className} style={{ width: `${part.value}%` }} />
        ))}
      </div>
      <div className="flex justify-between text-xs tabular-nums text-zinc-600 dark:text-zinc-300">
        <span className="font-semibold text-brand-ink">{Math.round(prediction.home)}%</span>
        {prediction.draw !== null && (
          <span>
            {t('list.winRate.draw')} {Math.round(prediction.draw)}%
          </span>
        )}
        <span className="font-semibold text-sky-700 dark:text-sky-400">{Math.round(prediction.away)}%</span>
      </div>
    </div>
  );
}

/** Matches still to be decided with the win probability of each side: the "win rate" view. */
export function PredictionsView({
  matches,
  predictions,
}: {
  matches: MatchSummary[];
  predictions: Record<number, Prediction | null>;
}) {
  const { t } = useTranslation('matches');
  return (
    <ul className="grid gap-2 md:grid-cols-2">
      {matches.map((match) => {
        const prediction = predictions[match.id];
        if (!match.home || !match.away) return null;
        return (
          <li key={match.id} className={`${boxClass} relative flex flex-col gap-2 p-3 text-sm`}>
            <div className="flex items-center justify-between gap-2 text-xs text-zinc-500 dark:text-zinc-400">
              <span className="truncate">{match.league.name}</span>
              <MatchStatus match={match} />
            </div>
            <Link
              to={`/${match.game}/${match.id}`}
              prefetch="intent"
              className="flex items-center justify-between gap-2 font-medium after:absolute after:inset-0"
            >
              <span className="flex min-w-0 items-center gap-2">
                <TeamLogo team={match.home} />
                <span className="truncate">{match.home.name}</span>
              </span>
              <span className="flex min-w-0 items-center gap-2">
                <span className="truncate">{match.away.name}</span>
                <TeamLogo team={match.away} />
              </span>
            </Link>
            {prediction ? (
              <PredictionBar prediction={prediction} />
            ) : (
              <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('list.winRate.none')}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** The way to a game's live data page; without a game, one for each game. */
export function DataLinks({ game, games }: { game: GameEntry | null; games: GameEntry[] }) {
  const { t } = useTranslation('matches');
  if (game)
    return (
      <div className={`${boxClass} flex flex-col items-center gap-3 px-6 py-10 text-center`}>
        <img src={game.logo} alt="" width={48} height={48} />
        <h2 className="text-lg font-semibold">{t('list.data.title', { game: game.name })}</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('list.data.text', { game: game.name })}</p>
        <Link to={`/${game.slug}/data`} className={buttonClass.secondary}>
          {t('list.data.open')}
        </Link>
      </div>
    );
  return (
    <div className={`${boxClass} p-4`}>
      <p className="mb-3 text-sm text-zinc-600 dark:text-zinc-400">{t('list.data.pick')}</p>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6">
        {games.map((entry) => (
          <li key={entry.slug}>
            <Link
              to={`/${entry.slug}/data`}
              className="flex items-center gap-2 rounded-lg bg-zinc-50 p-2 text-sm hover:bg-zinc-100 dark:bg-zinc-800 dark:hover:bg-zinc-700"
            >
              <img src={entry.logo} alt="" width={24} height={24} />
              <span className="truncate">{t('list.data.title', { game: entry.name })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
