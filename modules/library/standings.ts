/**
 * League tables computed from results, with each competition's rules (issue: the data library).
 * Pure: the caller passes the results of one table (a league, or one group of a group stage).
 */

/** A result of the table's matches; a match in play counts as it stands, as live tables do. */
export interface TableResult {
  matchId: number;
  homeTeamId: number;
  awayTeamId: number;
  /** Goals, points, runs, frames or maps won: the headline score. */
  homeScore: number;
  awayScore: number;
  /** When it was played: the form reads the latest results first. */
  startsAt: number;
  /** A draw decided otherwise (a shoot-out, a super over) names its winner. */
  winner?: 'home' | 'away' | null;
}

export type TieBreaker = 'points' | 'win_pct' | 'head_to_head' | 'difference' | 'scored' | 'wins';

export type Zone = 'promotion' | 'promotion_playoff' | 'qualification' | 'relegation_playoff' | 'relegation';

export interface TableRules {
  /** Points for a win, a draw and a loss; ignored when the table ranks by win percentage. */
  points: { win: number; draw: number; loss: number };
  /** The order of the table: the first decides, the next ones break ties among those level. */
  order: TieBreaker[];
  /** Positions (1-based, inclusive) and what they lead to. */
  zones?: { from: number; to: number; zone: Zone }[];
}

/** Soccer and most leagues: 3-1-0, then head-to-head among the teams level, then goal difference. */
export const POINTS_THEN_HEAD_TO_HEAD: TableRules = {
  points: { win: 3, draw: 1, loss: 0 },
  order: ['points', 'head_to_head', 'difference', 'scored'],
};

/** Basketball: by win percentage, then head-to-head, then point difference. */
export const WIN_PERCENTAGE: TableRules = {
  points: { win: 2, draw: 0, loss: 1 },
  order: ['win_pct', 'head_to_head', 'difference', 'scored'],
};

/** Esports groups: series won, then map difference, then head-to-head. */
export const SERIES_THEN_MAP_DIFFERENCE: TableRules = {
  points: { win: 1, draw: 0, loss: 0 },
  order: ['wins', 'difference', 'head_to_head', 'scored'],
};

export type FormLetter = 'W' | 'D' | 'L';

export interface StandingRow {
  position: number;
  teamId: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  scored: number;
  conceded: number;
  difference: number;
  points: number;
  /** Wins over games played, 0 to 1; 0 before any game. */
  winPct: number;
  /** The last five results, latest first. */
  form: FormLetter[];
  zone: Zone | null;
}

type Tally = Omit<StandingRow, 'position' | 'zone' | 'winPct' | 'form'> & { results: [number, FormLetter][] };

/** The table of `teamIds` (every team appears, played or not) from `results`. */
export function computeTable(teamIds: readonly number[], results: readonly TableResult[], rules: TableRules) {
  const tallies = tally(teamIds, results, rules);
  const ranked = rank([...tallies.values()], rules.order, results, rules);
  return ranked.map((row, index): StandingRow => {
    const position = index + 1;
    return {
      position,
      teamId: row.teamId,
      played: row.played,
      won: row.won,
      drawn: row.drawn,
      lost: row.lost,
      scored: row.scored,
      conceded: row.conceded,
      difference: row.difference,
      points: row.points,
      winPct: winPct(row),
      form: row.results
        .sort((a, b) => b[0] - a[0])
        .slice(0, 5)
        .map(([, letter]) => letter),
      zone: rules.zones?.find((zone) => position >= zone.from && position <= zone.to)?.zone ?? null,
    };
  });
}

function tally(teamIds: readonly number[], results: readonly TableResult[], rules: TableRules) {
  const tallies = new Map<number, Tally>(
    teamIds.map((teamId) => [
      teamId,
      {
        teamId,
        played: 0,
        won: 0,
        drawn: 0,
        lost: 0,
        scored: 0,
        conceded: 0,
        difference: 0,
        points: 0,
        results: [],
      },
    ]),
  );
  for (const result of results) {
    const home = tallies.get(result.homeTeamId);
    const away = tallies.get(result.awayTeamId);
    if (!home || !away) continue;
    const outcome = outcomeOf(result);
    const homeLetter: FormLetter = outcome === 'home' ? 'W' : outcome === 'away' ? 'L' : 'D';
    const awayLetter: FormLetter = outcome === 'away' ? 'W' : outcome === 'home' ? 'L' : 'D';
    record(home, result.homeScore, result.awayScore, homeLetter, result.startsAt, rules);
    record(away, result.awayScore, result.homeScore, awayLetter, result.startsAt, rules);
  }
  return tallies;
}

function record(
  row: Tally,
  scored: number,
  conceded: number,
  letter: FormLetter,
  at: number,
  rules: TableRules,
) {
  row.played += 1;
  row.results.push([at, letter]);
  row.points += letter === 'W' ? rules.points.win : letter === 'D' ? rules.points.draw : rules.points.loss;
  row.scored += scored;
  row.conceded += conceded;
  row.difference = row.scored - row.conceded;
  if (letter === 'W') row.won += 1;
  else if (letter === 'D') row.drawn += 1;
  else row.lost += 1;
}

function outcomeOf(result: TableResult): 'home' | 'away' | 'draw' {
  if (result.homeScore > result.awayScore) return 'home';
  if (result.awayScore > result.homeScore) return 'away';
  return result.winner ?? 'draw';
}

function winPct(row: Pick<Tally, 'won' | 'played'>): number {
  return row.played === 0 ? 0 : row.won / row.played;
}

/**
 * Orders rows by the first criterion; rows level on it are ordered by the next ones. Head-to-head
 * compares only the results among the rows still level, as a table of their own (its points or
 * win percentage, then difference, then scored); the remaining criteria decide what it leaves level.
 */
function rank(
  rows: Tally[],
  order: TieBreaker[],
  results: readonly TableResult[],
  rules: TableRules,
): Tally[] {
  const [criterion, ...rest] = order;
  if (criterion === undefined) return rows.sort((a, b) => a.teamId - b.teamId);
  if (rows.length <= 1) return rows;
  const key = criterion === 'head_to_head' ? headToHeadKey(rows, results, rules) : keyOf(criterion);
  const levels = new Map<string, { key: number[]; rows: Tally[] }>();
  for (const row of rows) {
    const value = key(row);
    const id = value.join(',');
    const level = levels.get(id) ?? { key: value, rows: [] };
    level.rows.push(row);
    levels.set(id, level);
  }
  return [...levels.values()]
    .sort((a, b) => compareDescending(a.key, b.key))
    .flatMap((level) => rank(level.rows, rest, results, rules));
}

function headToHeadKey(rows: Tally[], results: readonly TableResult[], rules: TableRules) {
  const ids = new Set(rows.map((row) => row.teamId));
  const mini = tally(
    [...ids],
    results.filter((result) => ids.has(result.homeTeamId) && ids.has(result.awayTeamId)),
    rules,
  );
  const byPercentage = rules.order.includes('win_pct');
  return (row: Tally) => {
    const own = mini.get(row.teamId) as Tally;
    return [byPercentage ? winPct(own) : own.points, own.difference, own.scored];
  };
}

function keyOf(criterion: Exclude<TieBreaker, 'head_to_head'>): (row: Tally) => number[] {
  switch (criterion) {
    case 'points':
      return (row) => [row.points];
    case 'win_pct':
      return (row) => [winPct(row)];
    case 'difference':
      return (row) => [row.difference];
    case 'scored':
      return (row) => [row.scored];
    case 'wins':
      return (row) => [row.won];
  }
}

/** Higher first, element by element. */
function compareDescending(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i += 1) {
    const difference = (b[i] as number) - (a[i] as number);
    if (difference !== 0) return difference;
  }
  return 0;
}
