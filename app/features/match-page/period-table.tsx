import type { ReactNode } from 'react';
import type { TFunction } from '../../../lib/translate';
import type { MatchSummary } from '../../../modules/matches/matches.contract';
import type {
  BaseballState,
  BattleRoyaleState,
  CricketState,
  GameScore,
  GenericState,
  MatchState,
  MobaState,
  PeriodScore,
  RallyState,
  ShooterState,
  Side,
  SnookerState,
  SoccerState,
  TennisState,
} from '../../../modules/sports';
import { gamePointLabels } from '../../../modules/sports';
import { ScrollBox } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { periodHeading, periodName } from './periods';

/**
 * The sport's own score table under the header: halves, quarters, sets with games and tie-breaks,
 * innings with R/H/E, cricket innings, frames, maps with their numbers, or a lobby's standings.
 * Read from the sport's full state, which knows more than the list row.
 */
export function PeriodTable({ state, summary }: { state: MatchState; summary: MatchSummary }) {
  const { t } = useTranslation('match');
  if (state.status === 'not_started' || state.status === 'postponed' || state.status === 'cancelled') {
    if (state.family === 'battle_royale' || !hasPlay(state))
      return <p className="py-4 text-sm text-zinc-500 dark:text-zinc-400">{t('table.notStarted')}</p>;
  }
  const teams = teamNames(summary, t);
  switch (state.family) {
    case 'soccer':
      return <SoccerTable state={state} teams={teams} />;
    case 'basketball':
    case 'american_football':
      return <QuarterTable periods={state.periods} score={state.score} teams={teams} />;
    case 'tennis':
      return <TennisTable state={state} teams={teams} />;
    case 'volleyball':
    case 'badminton':
    case 'table_tennis':
    case 'generic':
    case 'tactical_shooter':
      return <SeriesTable state={state} teams={teams} />;
    case 'snooker':
      return <SnookerTable state={state} teams={teams} />;
    case 'moba':
      return <MobaTable state={state} teams={teams} />;
    case 'baseball':
      return <BaseballTable state={state} teams={teams} />;
    case 'cricket':
      return <CricketTable state={state} teams={teams} />;
    case 'battle_royale':
      return <LobbyTable state={state} summary={summary} />;
  }
}

/** A match that was stopped may still have periods to show. */
function hasPlay(state: Exclude<MatchState, BattleRoyaleState>): boolean {
  if ('periods' in state) return state.periods.length > 0;
  if ('games' in state) return state.games.length > 0;
  if ('innings' in state) return state.innings.length > 0;
  return state.lineScore.away.length > 0;
}

type Teams = Record<Side, string>;

function teamNames(summary: MatchSummary, t: TFunction): Teams {
  return {
    home: summary.home?.shortName ?? t('table.home'),
    away: summary.away?.shortName ?? t('table.away'),
  };
}

const SIDES: readonly Side[] = ['home', 'away'];

interface Column {
  key: string;
  /** What the column shows on top: a number, 1H, OT1... */
  heading: string;
  /** What a screen reader says for it. */
  name: string;
}

/** A score table with a row per side: the period columns, then the totals. */
function SideTable({
  caption,
  columns,
  teams,
  cell,
  totals,
  leading,
}: {
  caption: string;
  columns: Column[];
  teams: Teams;
  cell: (side: Side, index: number) => ReactNode;
  totals: { heading: string; name: string; value: (side: Side) => ReactNode; strong?: boolean }[];
  /** A mark before the team name (the server's ball). */
  leading?: (side: Side) => ReactNode;
}) {
  const { t } = useTranslation('match');
  return (
    <ScrollBox label={caption}>
      <table className="w-full border-collapse text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-xs text-zinc-500 dark:text-zinc-400">
            <th scope="col" className="py-1.5 pe-3 text-start font-medium">
              {t('table.team')}
            </th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className="min-w-8 px-1.5 py-1.5 text-center font-medium">
                <Heading heading={column.heading} name={column.name} />
              </th>
            ))}
            {totals.map((total) => (
              <th key={total.name} scope="col" className="min-w-9 px-1.5 py-1.5 text-center font-semibold">
                <Heading heading={total.heading} name={total.name} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SIDES.map((side) => (
            <tr key={side} className="border-t border-zinc-100 dark:border-zinc-800">
              <th scope="row" className="max-w-40 truncate py-2 pe-3 text-start font-medium">
                {leading?.(side)}
                {teams[side]}
              </th>
              {columns.map((column, index) => (
                <td key={column.key} className="px-1.5 py-2 text-center">
                  {cell(side, index)}
                </td>
              ))}
              {totals.map((total) => (
                <td
                  key={total.name}
                  className={`px-1.5 py-2 text-center ${total.strong ? 'font-bold text-zinc-900 dark:text-white' : ''}`}
                >
                  {total.value(side)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

function Heading({ heading, name }: { heading: string; name: string }) {
  if (heading === name) return <>{name}</>;
  return (
    <>
      <span aria-hidden="true">{heading}</span>
      <span className="sr-only">{name}</span>
    </>
  );
}

const dash = '–';
const orDash = (value: number | null | undefined) => (value === null || value === undefined ? dash : value);

function periodColumns(t: TFunction, codes: readonly string[]): Column[] {
  return codes.map((code) => ({ key: code, heading: periodHeading(t, code), name: periodName(t, code) }));
}

function SoccerTable({ state, teams }: { state: SoccerState; teams: Teams }) {
  const { t } = useTranslation('match');
  const codes = state.periods.map((period) => period.period);
  const shootout = state.shootout;
  if (shootout) codes.push('PEN');
  const value = (side: Side, index: number) =>
    index < state.periods.length ? state.periods[index]?.[side] : shootout?.score[side];
  return (
    <div className="flex flex-col gap-3">
      <SideTable
        caption={t('periods.title')}
        columns={periodColumns(t, codes)}
        teams={teams}
        cell={(side, index) => orDash(value(side, index))}
        totals={[
          {
            heading: t('table.total'),
            name: t('table.total'),
            value: (side) => state.score[side],
            strong: true,
          },
        ]}
      />
      {shootout && (
        <div className="flex flex-col gap-1 text-sm">
          <h3 className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{t('periods.PEN')}</h3>
          {SIDES.map((side) => (
            <p key={side} className="flex items-center gap-2">
              <span className="w-28 truncate">{teams[side]}</span>
              <span className="flex gap-1">
                {shootout.kicks
                  .filter((kick) => kick.side === side)
                  .map((kick, index) => (
                    <span
                      // biome-ignore lint/suspicious/noArrayIndexKey: kicks are only ever appended
                      key={index}
                      className={`size-3 rounded-full ${kick.scored ? 'bg-emerald-600' : 'border-2 border-red-600'}`}
                    >
                      <span className="sr-only">
                        {t(kick.scored ? 'table.kickScored' : 'table.kickMissed')}
                      </span>
                    </span>
                  ))}
              </span>
            </p>
          ))}
        </div>
      )}
    </div>
  );
}

const QUARTERS = ['Q1', 'Q2', 'Q3', 'Q4'];

/** Basketball and american football: the four quarters always show, then any overtime. */
function QuarterTable({
  periods,
  score,
  teams,
}: {
  periods: PeriodScore[];
  score: Record<Side, number>;
  teams: Teams;
}) {
  const { t } = useTranslation('match');
  const codes = [...QUARTERS, ...periods.slice(QUARTERS.length).map((period) => period.period)];
  return (
    <SideTable
      caption={t('periods.title')}
      columns={periodColumns(t, codes)}
      teams={teams}
      cell={(side, index) => orDash(periods[index]?.[side])}
      totals={[
        { heading: t('table.total'), name: t('table.total'), value: (side) => score[side], strong: true },
      ]}
    />
  );
}

function ServerMark({ serving }: { serving: boolean }) {
  const { t } = useTranslation('match');
  if (!serving) return null;
  return (
    <span className="me-1 inline-block size-2 rounded-full bg-lime-500 align-middle">
      <span className="sr-only">{t('table.server')}</span>
    </span>
  );
}

function TennisTable({ state, teams }: { state: TennisState; teams: Teams }) {
  const { t } = useTranslation('match');
  const live = state.status === 'in_progress';
  const inTiebreak = state.tiebreakFirstServer !== null;
  const points = inTiebreak
    ? { home: String(state.points.home), away: String(state.points.away) }
    : gamePointLabels(state.points);
  return (
    <SideTable
      caption={t('periods.title')}
      columns={periodColumns(
        t,
        state.games.map((_, index) => `S${index + 1}`),
      )}
      teams={teams}
      leading={live ? (side) => <ServerMark serving={state.server === side} /> : undefined}
      cell={(side, index) => {
        const set = state.games[index];
        if (!set) return dash;
        // The tie-break's points show small beside the games of the player who lost it.
        const lostTiebreak = set.tiebreak && set.winner !== null && set.winner !== side;
        return (
          <>
            <span className={set.winner === side ? 'font-semibold' : undefined}>{set[side]}</span>
            {lostTiebreak && set.tiebreak && (
              <sup className="ms-0.5 text-[0.65rem]" title={t('table.tiebreak')}>
                {set.tiebreak[side]}
              </sup>
            )}
          </>
        );
      }}
      totals={[
        ...(live
          ? [{ heading: t('short.points'), name: t('table.points'), value: (side: Side) => points[side] }]
          : []),
        {
          heading: t('short.sets'),
          name: t('short.sets'),
          value: (side: Side) => state.score[side],
          strong: true,
        },
      ]}
    />
  );
}

/** How a series family names its games: the period code and the heading of the games won. */
const SERIES: Record<PointsSeries['family'], { prefix: string; total: string }> = {
  volleyball: { prefix: 'S', total: 'short.sets' },
  badminton: { prefix: 'G', total: 'short.games' },
  table_tennis: { prefix: 'G', total: 'short.games' },
  generic: { prefix: 'G', total: 'short.games' },
  tactical_shooter: { prefix: 'M', total: 'short.maps' },
  snooker: { prefix: 'F', total: 'short.frames' },
};

type PointsSeries = RallyState | GenericState | ShooterState | SnookerState;

/** Sets, games, frames or maps, each with its points or rounds, and the series score. */
function SeriesTable({ state, teams }: { state: PointsSeries; teams: Teams }) {
  const { t } = useTranslation('match');
  const { prefix, total } = SERIES[state.family];
  const live = state.status === 'in_progress';
  // Who is to play: the server of the next rally, the striker at the snooker table.
  const toPlay = !live
    ? null
    : 'server' in state
      ? state.server
      : 'table' in state
        ? state.table.striker
        : null;
  const overtime = (index: number) => state.family === 'tactical_shooter' && state.games[index]?.overtime;
  return (
    <SideTable
      caption={t('periods.title')}
      columns={periodColumns(
        t,
        state.games.map((_, index) => `${prefix}${index + 1}`),
      )}
      teams={teams}
      leading={toPlay ? (side) => <ServerMark serving={toPlay === side} /> : undefined}
      cell={(side, index) => {
        const game: GameScore | undefined = state.games[index];
        if (!game) return dash;
        return (
          <>
            <span className={game.winner === side ? 'font-semibold' : undefined}>{game[side]}</span>
            {side === 'home' && overtime(index) && (
              <sup className="ms-0.5 text-[0.6rem] text-zinc-500">{t('table.overtimeMark')}</sup>
            )}
          </>
        );
      }}
      totals={[{ heading: t(total), name: t(total), value: (side) => state.score[side], strong: true }]}
    />
  );
}

function SnookerTable({ state, teams }: { state: SnookerState; teams: Teams }) {
  const { t } = useTranslation('match');
  const live = state.status === 'in_progress';
  return (
    <div className="flex flex-col gap-2">
      <SeriesTable state={state} teams={teams} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-zinc-500 dark:text-zinc-400">{t('table.highestBreak')}</dt>
        <dd className="tabular-nums">
          {teams.home} {state.highestBreak.home} · {teams.away} {state.highestBreak.away}
        </dd>
        {live && state.table.currentBreak > 0 && (
          <>
            <dt className="text-zinc-500 dark:text-zinc-400">{t('table.currentBreak')}</dt>
            <dd className="tabular-nums">
              {teams[state.table.striker]} {state.table.currentBreak}
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}

const gold = (value: number) => `${(value / 1000).toFixed(1)}k`;
const clockOf = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** A row per map: kills, towers, gold and major objectives of each side, and who won it. */
function MobaTable({ state, teams }: { state: MobaState; teams: Teams }) {
  const { t } = useTranslation('match');
  const live = state.status === 'in_progress';
  const pair = (score: Record<Side, number>, show: (n: number) => string | number = (n) => n) =>
    `${show(score.home)} – ${show(score.away)}`;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium tabular-nums">
        {teams.home} {state.score.home} – {state.score.away} {teams.away}
        <span className="ms-2 text-xs text-zinc-500">{t('header.bestOf', { count: state.bestOf })}</span>
      </p>
      <RowTable
        caption={t('periods.title')}
        columns={MOBA_COLUMNS}
        rows={state.games.map((map, index) => ({
          key: index,
          cells: [
            <>
              {periodName(t, `M${index + 1}`)}
              {live && index === state.games.length - 1 && map.winner === null && (
                <span className="ms-2 text-xs text-brand-ink">{clockOf(map.gameSeconds)}</span>
              )}
            </>,
            pair(map),
            pair(map.towers),
            pair(map.gold, gold),
            pair(map.majorObjectives),
            map.winner ? teams[map.winner] : dash,
          ],
        }))}
      />
    </div>
  );
}

const MOBA_COLUMNS = ['map', 'kills', 'towers', 'gold', 'objectives', 'winner'];
const CRICKET_COLUMNS = ['innings', 'batting', 'runsWickets', 'overs', 'extras', 'target'];
const LOBBY_COLUMNS = ['rank', 'team', 'wins', 'placementPoints', 'killPoints', 'total'];

/**
 * A table with a row per map, innings or team: the columns' headings (keys under `table.`) on top,
 * and in each row the cell at `rowHeader` naming it.
 */
function RowTable({
  caption,
  columns,
  rows,
  rowHeader = 0,
}: {
  caption: string;
  columns: string[];
  rows: { key: number; cells: ReactNode[] }[];
  rowHeader?: number;
}) {
  const { t } = useTranslation('match');
  const align = (index: number) => (index <= rowHeader ? 'text-start' : 'text-center');
  return (
    <ScrollBox label={caption}>
      <table className="w-full border-collapse text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="text-xs text-zinc-500 dark:text-zinc-400">
            {columns.map((column, index) => (
              <th key={column} scope="col" className={`px-2 py-1.5 font-medium first:ps-0 ${align(index)}`}>
                {t(`table.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-t border-zinc-100 dark:border-zinc-800">
              {row.cells.map((cell, index) => {
                const Cell = index === rowHeader ? 'th' : 'td';
                return (
                  <Cell
                    key={columns[index]}
                    scope={index === rowHeader ? 'row' : undefined}
                    className={`px-2 py-2 whitespace-nowrap first:ps-0 ${align(index)} ${index === rowHeader ? 'font-medium' : ''}`}
                  >
                    {cell}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

const REGULATION_INNINGS = 9;

/** The line score: runs per inning ('X' for a bottom half not needed), then runs, hits and errors. */
function BaseballTable({ state, teams }: { state: BaseballState; teams: Teams }) {
  const { t } = useTranslation('match');
  const played = Math.max(state.lineScore.away.length, state.lineScore.home.length);
  const count = Math.max(REGULATION_INNINGS, played);
  const columns = Array.from({ length: count }, (_, index) => ({
    key: String(index + 1),
    heading: String(index + 1),
    name: t('periods.inning', { n: index + 1 }),
  }));
  const runs = (side: Side, index: number) => {
    const line = state.lineScore[side];
    if (index >= line.length) return dash;
    return line[index] ?? 'X';
  };
  const live = state.status === 'in_progress';
  return (
    <div className="flex flex-col gap-2">
      <SideTable
        caption={t('periods.title')}
        columns={columns}
        teams={teams}
        cell={runs}
        totals={[
          {
            heading: t('short.runs'),
            name: t('table.runs'),
            value: (side) => state.score[side],
            strong: true,
          },
          { heading: t('short.hits'), name: t('table.hits'), value: (side) => state.hits[side] },
          { heading: t('short.errors'), name: t('table.errors'), value: (side) => state.errors[side] },
        ]}
      />
      {live && (
        <p className="flex items-center gap-3 text-sm">
          <span>
            {periodName(t, `${state.half === 'top' ? 'T' : 'B'}${state.inning}`)} ·{' '}
            {t('table.outs', { count: state.outs })}
          </span>
          <Bases bases={state.bases} label={t('table.bases')} />
        </p>
      )}
    </div>
  );
}

/** The diamond with the occupied bases filled: second at the top, first on the right. */
function Bases({ bases, label }: { bases: [boolean, boolean, boolean]; label: string }) {
  const spots: [number, number][] = [
    [26, 16],
    [16, 6],
    [6, 16],
  ];
  return (
    <svg viewBox="0 0 32 26" width="32" height="26" role="img" aria-label={label}>
      {spots.map(([x, y], index) => (
        <rect
          key={`${x}-${y}`}
          x={x - 4}
          y={y - 4}
          width="8"
          height="8"
          transform={`rotate(45 ${x} ${y})`}
          className={bases[index] ? 'fill-brand stroke-brand' : 'fill-none stroke-zinc-400'}
          strokeWidth="1.5"
        />
      ))}
    </svg>
  );
}

const overs = (balls: number) => `${Math.floor(balls / 6)}.${balls % 6}`;

/** A row per innings: who batted, runs for wickets, overs, extras and the target. */
function CricketTable({ state, teams }: { state: CricketState; teams: Teams }) {
  const { t } = useTranslation('match');
  const result = state.result;
  return (
    <div className="flex flex-col gap-2">
      <RowTable
        caption={t('periods.title')}
        columns={CRICKET_COLUMNS}
        rows={state.innings.map((innings, index) => ({
          key: index,
          cells: [
            periodName(t, index < 2 ? `INN${index + 1}` : `SO${index - 1}`),
            teams[innings.batting],
            <strong key="runs">
              {innings.runs}/{innings.wickets}
            </strong>,
            `${overs(innings.balls)} (${innings.maxOvers})`,
            innings.extras,
            orDash(innings.target),
          ],
        }))}
      />
      {result && <p className="text-sm font-medium">{cricketResult(t, result, teams)}</p>}
    </div>
  );
}

function cricketResult(t: TFunction, result: NonNullable<CricketState['result']>, teams: Teams): string {
  if (result.winner === null) return t('table.cricketTie');
  const team = teams[result.winner];
  if (result.method === 'super_over') return t('table.wonSuperOver', { team });
  return t(result.method === 'runs' ? 'table.wonByRuns' : 'table.wonByWickets', {
    team,
    count: result.margin ?? 0,
  });
}

/** A battle-royale lobby: the standings, with the name of each team where the match row has it. */
function LobbyTable({ state, summary }: { state: BattleRoyaleState; summary: MatchSummary }) {
  const { t } = useTranslation('match');
  const played = state.games.filter((game) => game.winner !== null).length;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {t('table.gamesPlayed', { played, count: state.gameCount })}
      </p>
      <RowTable
        caption={t('periods.standings')}
        rowHeader={1}
        columns={LOBBY_COLUMNS}
        rows={state.standings.map((standing, index) => ({
          key: standing.team,
          cells: [
            index + 1,
            summary.lobby?.find((entry) => entry.rank === index + 1)?.team.name ??
              t('table.teamNumber', { n: standing.team + 1 }),
            standing.wins,
            standing.placementPoints,
            standing.killPoints,
            <strong key="points">{standing.points}</strong>,
          ],
        }))}
      />
    </div>
  );
}
