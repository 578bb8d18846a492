import { and, desc, eq, inArray, isNotNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Db, Executor } from '../../db/client';
import {
  competitions,
  localizedNames,
  matches,
  matchIncidents,
  matchPlayers,
  players,
  seasons,
  stages,
  teams,
} from '../../db/schema/index';
import type { Bus } from '../../platform/bus/bus';
import { type MatchState, soccerMinutes } from '../sports';
import type {
  FeedExtras,
  FeedMatch,
  FeedMatchPlayer,
  Fixtures,
  IncidentPlayers,
  MatchSink,
  MatchUpdate,
} from './feed';
import type {
  IncidentView,
  MatchDetail,
  MatchExtras,
  MatchStatusValue,
  MatchSummary,
  TeamRef,
} from './matches.contract';
import { momentumOf } from './momentum';
import { NAMES_CHANGED } from './names';
import { ratingsOf } from './ratings';
import { type MatchFacts, summarize } from './summary';

/** The bus channel of applied changes: `{ summary }`, on every instance. */
export const MATCHES_CHANGED = 'matches:changed';

export interface MatchChanged {
  summary: MatchSummary;
  /** The provider's time of the update that made the change (epoch ms), when its feed gives one. */
  sourceAt?: number;
}

/** The match store: what feeds write (MatchSink) and what the board and the match page read. */
export interface MatchStore extends MatchSink {
  /** Summaries of the matches starting in [from, to). */
  window(from: Date, to: Date): Promise<MatchSummary[]>;
  /** Each competition's rank (lower is more prominent), by our id. */
  leagueRanks(): Promise<Map<number, number>>;
  /** One match with its incidents, extras, head-to-head, form and injuries; undefined when unknown. */
  detail(id: number): Promise<MatchDetail | undefined>;
}

/**
 * Kept in the `extras` JSON beside the feed's extras: the clock rate of the last update and, for a
 * battle-royale lobby, our ids of its teams by lobby index.
 */
type StoredExtras = FeedExtras & {
  clockRate?: number;
  lobbyTeamIds?: number[];
};

const BATCH = 500;
/** Bounds the facts kept of matches in play or to come (a fortnight's window holds a few thousand). */
const MAX_FACTS = 20_000;

/** What the single update statement answers. */
interface AppliedRow {
  id: number | string;
  starts_at: Date | string;
  updated_at: Date | string;
  clock_rate: number | null;
}

const isOver = (status: string) => status === 'finished' || status === 'cancelled';
/** Incident rows per insert: 11 columns each, well within a statement's 65,535 parameters. */
const INCIDENT_BATCH = 2000;

interface IncidentsToWrite {
  matchId: number;
  state: MatchState;
  incidentPlayers?: IncidentPlayers;
  /** Incidents up to this seq are stored already. */
  afterSeq: number;
}
const HEAD_TO_HEAD = 10;
const FORM = 5;

/** A table of rows a feed names by `(source, external_id)`. */
type ExternalTable = PgTable & { id: PgColumn; source: PgColumn; externalId: PgColumn };

const homeTeam = alias(teams, 'home_team');
const awayTeam = alias(teams, 'away_team');
const firstPlayer = alias(players, 'first_player');
const secondPlayer = alias(players, 'second_player');

function teamColumns<T extends { id: PgColumn; name: PgColumn; shortName: PgColumn; logo: PgColumn }>(
  table: T,
) {
  return { id: table.id, name: table.name, shortName: table.shortName, logo: table.logo };
}

const summaryColumns = {
  id: matches.id,
  gameId: matches.gameId,
  startsAt: matches.startsAt,
  status: matches.status,
  round: matches.round,
  bestOf: matches.bestOf,
  seq: matches.seq,
  state: matches.state,
  // Only what a summary needs of the extras, which also hold lineups and odds history.
  clockRate: sql<number | null>`(${matches.extras}->>'clockRate')::float8`,
  lobbyTeamIds: sql<number[] | null>`${matches.extras}->'lobbyTeamIds'`,
  updatedAt: matches.updatedAt,
  league: {
    id: competitions.id,
    name: competitions.name,
    shortName: competitions.shortName,
    logo: competitions.logo,
    region: competitions.region,
  },
  homeId: homeTeam.id,
  home: teamColumns(homeTeam),
  awayId: awayTeam.id,
  away: teamColumns(awayTeam),
};

export function createMatchStore({ db, bus, log }: { db: Db; bus: Bus; log: Logger }): MatchStore {
  /** The facts of the matches in play or to come, by id, as last read (teams, league, lobby). */
  const facts = new Map<number, MatchFacts>();

  /** Summaries of the matches `where` picks, newest first when `newestFirst`. */
  async function summaries(
    tx: Executor,
    where: SQL | undefined,
    options: { newestFirst?: boolean; limit?: number } = {},
  ): Promise<MatchSummary[]> {
    let query = tx
      .select(summaryColumns)
      .from(matches)
      .innerJoin(competitions, eq(competitions.id, matches.competitionId))
      .leftJoin(homeTeam, eq(homeTeam.id, matches.homeTeamId))
      .leftJoin(awayTeam, eq(awayTeam.id, matches.awayTeamId))
      .where(where)
      .orderBy(options.newestFirst ? desc(matches.startsAt) : matches.startsAt)
      .$dynamic();
    if (options.limit) query = query.limit(options.limit);
    const rows = await query;
    const lobbyIds = rows.flatMap((row) => row.lobbyTeamIds ?? []);
    const lobbyTeams = new Map<number, TeamRef>();
    for (let start = 0; start < lobbyIds.length; start += BATCH) {
      const found = await tx
        .select(teamColumns(teams))
        .from(teams)
        .where(inArray(teams.id, [...new Set(lobbyIds.slice(start, start + BATCH))]));
      for (const team of found) lobbyTeams.set(team.id, team);
    }
    return rows.map((row) => {
      const known: MatchFacts = {
        id: row.id,
        gameId: row.gameId,
        league: row.league,
        startTime: row.startsAt.getTime(),
        status: row.status as MatchStatusValue,
        home: row.homeId === null ? null : (row.home as TeamRef),
        away: row.awayId === null ? null : (row.away as TeamRef),
        round: row.round,
        bestOf: row.bestOf,
        seq: row.seq,
        clockRate: row.clockRate ?? 1,
        asOf: row.updatedAt.getTime(),
        lobbyTeams: row.lobbyTeamIds ? row.lobbyTeamIds.flatMap((id) => lobbyTeams.get(id) ?? []) : null,
      };
      remember(known);
      return summarize(known, row.state as MatchState);
    });
  }

  /** Keeps the facts of a match its feed may still update, so that applying an update needs no read. */
  function remember(known: MatchFacts): void {
    if (isOver(known.status)) return;
    if (facts.size >= MAX_FACTS && !facts.has(known.id)) facts.delete(facts.keys().next().value as number);
    facts.set(known.id, known);
  }

  async function publish(changed: MatchSummary[], sourceAt?: number): Promise<void> {
    for (const summary of changed) {
      const message: MatchChanged = sourceAt === undefined ? { summary } : { summary, sourceAt };
      await bus.publish(MATCHES_CHANGED, message).catch((err) => {
        log.warn({ err, matchId: summary.id }, 'could not publish a match change');
      });
    }
  }

  async function upsertFixtures(source: string, fixtures: Fixtures): Promise<void> {
    // Teams and competitions may have been renamed: read the facts again.
    facts.clear();
    const { changedIds, renamed } = await db.transaction((tx) => writeFixtures(tx, source, fixtures));
    if (renamed) {
      await bus.publish(NAMES_CHANGED, {}).catch((err) => log.warn({ err }, 'could not publish new names'));
    }
    for (let start = 0; start < changedIds.length; start += BATCH) {
      await publish(await summaries(db, inArray(matches.id, changedIds.slice(start, start + BATCH))));
    }
  }

  /**
   * Applies a feed's update in one statement (a fan-out tick on a busy instance delays every round
   * trip): the match row only when the update is newer, then its incidents not stored yet, with
   * their players found by the feed's ids. The summary is rebuilt from the facts kept of the match
   * when there are some, else read back.
   */
  async function applyUpdate(source: string, update: MatchUpdate): Promise<boolean> {
    const patch: StoredExtras = { ...update.extras };
    if (update.clockRate !== undefined) patch.clockRate = update.clockRate;
    const columns = updateColumns(update, new Date());
    const feedState =
      update.feedState === undefined
        ? sql`feed_state`
        : update.feedState === null
          ? sql`null`
          : sql`${JSON.stringify(update.feedState)}::jsonb`;
    const statement = sql`
      with input as (
        select ${JSON.stringify(columns.state)}::jsonb as state,
          ${JSON.stringify(update.incidentPlayers ?? {})}::jsonb as players
      ),
      applied as (
        update matches set
          status = ${columns.status},
          home_score = ${columns.homeScore},
          away_score = ${columns.awayScore},
          result = ${columns.result},
          state = (select state from input),
          extras = extras || ${JSON.stringify(patch)}::jsonb,
          seq = ${columns.seq},
          feed_state = ${feedState},
          updated_at = ${columns.updatedAt.toISOString()}::timestamptz,
          starts_at = ${update.startsAt ? sql`${update.startsAt.toISOString()}::timestamptz` : sql`starts_at`}
        where source = ${source} and external_id = ${update.externalId} and seq < ${update.seq}
        returning id, starts_at, updated_at, (extras->>'clockRate')::float8 as clock_rate
      ),
      fresh as (
        select applied.id as match_id, i.* from applied, input,
          jsonb_to_recordset(input.state->'incidents') as i(
            seq int, type text, period text, "elapsedSeconds" int, side text, team int, score jsonb, value int)
        where i.seq > coalesce((select max(seq) from match_incidents where match_id = applied.id), 0)
      ),
      written as (
        insert into match_incidents (match_id, seq, type, period, elapsed_seconds, side, player_id,
          second_player_id, home_score, away_score, value)
        select f.match_id, f.seq, f.type, f.period, f."elapsedSeconds", f.side, p.id, s.id,
          (f.score->>'home')::int, (f.score->>'away')::int, coalesce(f.value, f.team)
        from fresh f cross join input
        left join players p on p.source = ${source} and p.external_id = input.players->(f.seq::text)->>'player'
        left join players s on s.source = ${source}
          and s.external_id = input.players->(f.seq::text)->>'secondPlayer'
        on conflict do nothing
      )
      select id, starts_at, updated_at, clock_rate from applied`;
    const appliedRow = async (executor: Executor) =>
      ((await executor.execute(statement)) as unknown as { rows: AppliedRow[] }).rows[0];
    // A box score (sent as a match ends) is written with the update it came with, or not at all.
    const box = update.players;
    const applied = box
      ? await db.transaction(async (tx) => {
          const row = await appliedRow(tx);
          if (row) await writeBoxScores(tx, source, [{ matchId: Number(row.id), players: box }]);
          return row;
        })
      : await appliedRow(db);
    if (!applied) return false;
    const id = Number(applied.id);
    const known = facts.get(id);
    const [summary] = known
      ? [
          summarize(
            {
              ...known,
              id,
              status: update.status,
              seq: update.seq,
              startTime: new Date(applied.starts_at).getTime(),
              clockRate: applied.clock_rate ?? 1,
              asOf: new Date(applied.updated_at).getTime(),
            },
            update.state,
          ),
        ]
      : await summaries(db, eq(matches.id, id));
    if (summary && isOver(summary.status)) facts.delete(id);
    await publish(summary ? [summary] : [], update.sourceAt);
    return true;
  }

  async function detail(id: number): Promise<MatchDetail | undefined> {
    const [summary] = await summaries(db, eq(matches.id, id));
    if (!summary) return undefined;
    const [row] = await db
      .select({
        state: matches.state,
        extras: matches.extras,
        homeTeamId: matches.homeTeamId,
        awayTeamId: matches.awayTeamId,
      })
      .from(matches)
      .where(eq(matches.id, id));
    if (!row) return undefined;
    const state = row.state as MatchState;
    const sides = { home: row.homeTeamId, away: row.awayTeamId };
    const stored = row.extras as StoredExtras;
    const extras = publicExtras(stored);
    const incidents = await incidentsOf(db, id, state);
    return {
      summary,
      state,
      incidents,
      extras,
      headToHead: await headToHead(id, sides.home, sides.away),
      form: {
        home: await formOf(db, sides.home, summary.startTime),
        away: await formOf(db, sides.away, summary.startTime),
      },
      injuries: await injuriesOf(db, sides.home, sides.away),
      momentum: momentumOf(state, stored.attacks ?? []),
      ratings: ratingsOf(state, incidents, extras.lineups),
    };
  }

  async function headToHead(id: number, home: number | null, away: number | null): Promise<MatchSummary[]> {
    if (home === null || away === null) return [];
    return summaries(
      db,
      and(
        ne(matches.id, id),
        eq(matches.status, 'finished'),
        or(
          and(eq(matches.homeTeamId, home), eq(matches.awayTeamId, away)),
          and(eq(matches.homeTeamId, away), eq(matches.awayTeamId, home)),
        ),
      ),
      { newestFirst: true, limit: HEAD_TO_HEAD },
    );
  }

  return {
    upsertFixtures,
    applyUpdate,
    window: (from, to) =>
      summaries(db, and(sql`${matches.startsAt} >= ${from}`, sql`${matches.startsAt} < ${to}`)),
    detail,
    async leagueRanks() {
      const rows = await db.select({ id: competitions.id, rank: competitions.rank }).from(competitions);
      return new Map(rows.map((row) => [row.id, row.rank]));
    },
  };
}

/** Our ids of a feed's rows, by the feed's ids. */
async function idsOf(
  tx: Executor,
  table: ExternalTable,
  source: string,
  externalIds: Iterable<string | null | undefined>,
): Promise<Map<string, number>> {
  const wanted = [...new Set([...externalIds].filter((id): id is string => !!id))];
  const ids = new Map<string, number>();
  for (let start = 0; start < wanted.length; start += BATCH) {
    const rows = (await tx
      .select({ id: table.id, externalId: table.externalId })
      .from(table)
      .where(
        and(eq(table.source, source), inArray(table.externalId, wanted.slice(start, start + BATCH))),
      )) as {
      id: number;
      externalId: string;
    }[];
    for (const row of rows) ids.set(row.externalId, row.id);
  }
  return ids;
}

function required(ids: Map<string, number>, externalId: string, what: string): number {
  const id = ids.get(externalId);
  if (id === undefined) throw new Error(`unknown ${what} ${externalId}`);
  return id;
}

/** Writes the incidents of matches newer than `afterSeq`; a repeat of one is ignored. */
async function writeIncidents(tx: Executor, source: string, written: IncidentsToWrite[]): Promise<void> {
  const fresh = written.flatMap(({ matchId, state, incidentPlayers, afterSeq }) =>
    state.incidents
      .filter((incident) => incident.seq > afterSeq)
      .map((incident) => ({ matchId, incident, named: incidentPlayers?.[incident.seq] })),
  );
  if (fresh.length === 0) return;
  const playerIds = await idsOf(
    tx,
    players,
    source,
    fresh.flatMap(({ named }) => [named?.player, named?.secondPlayer]),
  );
  const playerId = (externalId: string | undefined) =>
    externalId === undefined ? null : (playerIds.get(externalId) ?? null);
  const rows = fresh.map(({ matchId, incident, named }) => ({
    matchId,
    seq: incident.seq,
    type: incident.type,
    period: incident.period,
    elapsedSeconds: incident.elapsedSeconds,
    side: incident.side ?? null,
    playerId: playerId(named?.player),
    secondPlayerId: playerId(named?.secondPlayer),
    homeScore: incident.score?.home ?? null,
    awayScore: incident.score?.away ?? null,
    value: incident.value ?? incident.team ?? null,
  }));
  for (let start = 0; start < rows.length; start += INCIDENT_BATCH) {
    await tx
      .insert(matchIncidents)
      .values(rows.slice(start, start + INCIDENT_BATCH))
      .onConflictDoNothing();
  }
}

async function upsertMatches(tx: Executor, source: string, feedMatches: FeedMatch[]): Promise<number[]> {
  const competitionIds = await idsOf(
    tx,
    competitions,
    source,
    feedMatches.map((m) => m.competitionExternalId),
  );
  const seasonIds = await idsOf(
    tx,
    seasons,
    source,
    feedMatches.map((m) => m.seasonExternalId),
  );
  const stageIds = await idsOf(
    tx,
    stages,
    source,
    feedMatches.map((m) => m.stageExternalId),
  );
  const teamIds = await idsOf(
    tx,
    teams,
    source,
    feedMatches.flatMap((m) => [
      m.homeTeamExternalId,
      m.awayTeamExternalId,
      ...(m.lobbyTeamExternalIds ?? []),
    ]),
  );
  const optional = (ids: Map<string, number>, externalId: string | null | undefined) =>
    externalId ? (ids.get(externalId) ?? null) : null;
  const now = new Date();
  const rows = feedMatches.map((m) => ({
    source,
    externalId: m.externalId,
    gameId: m.gameId,
    competitionId: required(competitionIds, m.competitionExternalId, 'competition'),
    seasonId: optional(seasonIds, m.seasonExternalId),
    stageId: optional(stageIds, m.stageExternalId),
    round: m.round ?? null,
    groupName: m.groupName ?? null,
    leg: m.leg ?? null,
    homeTeamId: optional(teamIds, m.homeTeamExternalId),
    awayTeamId: optional(teamIds, m.awayTeamExternalId),
    startsAt: m.initial.startsAt ?? m.startsAt,
    bestOf: m.bestOf ?? null,
    ...updateColumns(m.initial, now),
    extras: storedExtras(
      m.initial,
      m.lobbyTeamExternalIds?.map((id) => required(teamIds, id, 'team')),
    ),
  }));
  const written = await tx
    .insert(matches)
    .values(rows)
    .onConflictDoUpdate({
      target: [matches.source, matches.externalId],
      set: excludedColumns(matches, Object.keys(rows[0] ?? {}), ['source', 'externalId']),
      // A fixture seen again changes the match only when the feed moved it on.
      setWhere: sql`${matches.seq} < excluded.seq`,
    })
    .returning({ id: matches.id, externalId: matches.externalId });
  const byExternalId = new Map(feedMatches.map((m) => [m.externalId, m.initial]));
  await writeIncidents(
    tx,
    source,
    written.flatMap(({ id, externalId }) => {
      const initial = byExternalId.get(externalId);
      return initial ? [{ matchId: id, ...initial, afterSeq: 0 }] : [];
    }),
  );
  await writeBoxScores(
    tx,
    source,
    written.flatMap(({ id, externalId }) => {
      const box = byExternalId.get(externalId)?.players;
      return box ? [{ matchId: id, players: box }] : [];
    }),
  );
  return written.map((row) => row.id);
}

/** Replaces the box scores of matches, their players found by the feed's ids (unknown ones left out). */
async function writeBoxScores(
  tx: Executor,
  source: string,
  scores: { matchId: number; players: FeedMatchPlayer[] }[],
): Promise<void> {
  if (scores.length === 0) return;
  const ids = await idsOf(
    tx,
    players,
    source,
    scores.flatMap((score) => score.players.map((line) => line.player)),
  );
  await tx.delete(matchPlayers).where(
    inArray(
      matchPlayers.matchId,
      scores.map((score) => score.matchId),
    ),
  );
  const rows = scores.flatMap(({ matchId, players: box }) =>
    box.flatMap(({ player, side, starter, stats }) => {
      const playerId = ids.get(player);
      return playerId === undefined ? [] : [{ matchId, playerId, side, starter, stats }];
    }),
  );
  for (let start = 0; start < rows.length; start += BATCH)
    await tx
      .insert(matchPlayers)
      .values(rows.slice(start, start + BATCH))
      .onConflictDoNothing();
}

/**
 * Inserts a feed's rows, or updates them when the feed already brought them and something
 * changed: a feed sending its whole world again on restart rewrites nothing.
 */
async function upsertRows(
  tx: Executor,
  table: ExternalTable,
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const set = excludedColumns(table, Object.keys(rows[0] ?? {}), ['source', 'externalId']);
  const columns = table as unknown as Record<string, PgColumn>;
  const kept = Object.keys(set).map((key) => sql`${columns[key]}`);
  await tx
    .insert(table)
    .values(rows as never)
    .onConflictDoUpdate({
      target: [table.source, table.externalId],
      set,
      setWhere: sql`(${sql.join(kept, sql`, `)}) is distinct from (${sql.join(Object.values(set), sql`, `)})`,
    });
}

async function incidentsOf(db: Executor, matchId: number, state: MatchState): Promise<IncidentView[]> {
  const rows = await db
    .select({
      incident: matchIncidents,
      player: { id: firstPlayer.id, name: firstPlayer.name, nickname: firstPlayer.nickname },
      second: { id: secondPlayer.id, name: secondPlayer.name, nickname: secondPlayer.nickname },
    })
    .from(matchIncidents)
    .leftJoin(firstPlayer, eq(firstPlayer.id, matchIncidents.playerId))
    .leftJoin(secondPlayer, eq(secondPlayer.id, matchIncidents.secondPlayerId))
    .where(eq(matchIncidents.matchId, matchId))
    .orderBy(matchIncidents.seq);
  const minuteOf = state.family === 'soccer' ? soccerMinutes(state).minuteOf : () => null;
  return rows.map(({ incident, player, second }) => {
    const minute = minuteOf(incident);
    return {
      seq: incident.seq,
      type: incident.type,
      period: incident.period,
      minute: minute?.minute ?? null,
      addedMinute: minute?.addedMinute ?? null,
      side: (incident.side as 'home' | 'away' | null) ?? null,
      player: playerRef(player),
      secondPlayer: playerRef(second),
      score:
        incident.homeScore === null || incident.awayScore === null
          ? null
          : { home: incident.homeScore, away: incident.awayScore },
      value: incident.value,
    };
  });
}

/** The team's last results before `before`, newest first. */
async function formOf(db: Executor, team: number | null, before: number): Promise<('W' | 'D' | 'L')[]> {
  if (team === null) return [];
  const rows = await db
    .select({ home: matches.homeTeamId, result: matches.result })
    .from(matches)
    .where(
      and(
        or(eq(matches.homeTeamId, team), eq(matches.awayTeamId, team)),
        eq(matches.status, 'finished'),
        isNotNull(matches.result),
        lt(matches.startsAt, new Date(before)),
      ),
    )
    .orderBy(desc(matches.startsAt))
    .limit(FORM);
  return rows.map((row) => {
    if (row.result === 'draw') return 'D';
    const side = row.home === team ? 'home' : 'away';
    return row.result === side ? 'W' : 'L';
  });
}

async function injuriesOf(
  db: Executor,
  home: number | null,
  away: number | null,
): Promise<MatchDetail['injuries']> {
  const squads = [home, away].filter((team): team is number => team !== null);
  if (squads.length === 0) return [];
  const rows = await db
    .select({
      id: players.id,
      name: players.name,
      nickname: players.nickname,
      position: players.position,
      teamId: players.teamId,
      injury: players.injury,
    })
    .from(players)
    .where(and(inArray(players.teamId, squads), isNotNull(players.injury)))
    .orderBy(players.teamId, players.name);
  return rows.map((row) => {
    const injury = row.injury as { reason: string; until: string | null };
    return {
      player: { id: row.id, name: row.nickname ?? row.name, position: row.position },
      side: row.teamId === home ? 'home' : 'away',
      reason: injury.reason,
      until: injury.until ?? null,
    };
  });
}

/**
 * Writes a feed's competitions, teams, players and matches; answers the ids of the matches it
 * changed, and whether a competition's or team's name in another language is new or changed.
 */
async function writeFixtures(
  tx: Executor,
  source: string,
  fixtures: Fixtures,
): Promise<{ changedIds: number[]; renamed: boolean }> {
  const changedIds: number[] = [];
  let renamed = false;
  for (const batch of batches(fixtures.competitions)) {
    await upsertRows(
      tx,
      competitions,
      batch.map((c) => ({
        source,
        externalId: c.externalId,
        gameId: c.gameId,
        name: c.name,
        shortName: c.shortName,
        region: c.region,
        logo: c.logo ?? null,
        format: c.format,
        rank: c.rank ?? 100,
      })),
    );
    if (await writeLocalizedNames(tx, 'competition', competitions, source, batch)) renamed = true;
  }
  for (const batch of batches(fixtures.seasons)) {
    const competitionIds = await idsOf(
      tx,
      competitions,
      source,
      batch.map((s) => s.competitionExternalId),
    );
    await upsertRows(
      tx,
      seasons,
      batch.map((s) => ({
        source,
        externalId: s.externalId,
        competitionId: required(competitionIds, s.competitionExternalId, 'competition'),
        name: s.name,
        startsOn: s.startsOn,
        endsOn: s.endsOn,
        current: s.current,
        rules: s.rules ?? {},
      })),
    );
  }
  for (const batch of batches(fixtures.stages)) {
    const seasonIds = await idsOf(
      tx,
      seasons,
      source,
      batch.map((s) => s.seasonExternalId),
    );
    await upsertRows(
      tx,
      stages,
      batch.map((s) => ({
        source,
        externalId: s.externalId,
        seasonId: required(seasonIds, s.seasonExternalId, 'season'),
        name: s.name,
        kind: s.kind,
        ordinal: s.ordinal,
        twoLegged: s.twoLegged ?? false,
      })),
    );
  }
  for (const batch of batches(fixtures.teams)) {
    await upsertRows(
      tx,
      teams,
      batch.map((t) => ({
        source,
        externalId: t.externalId,
        gameId: t.gameId,
        name: t.name,
        shortName: t.shortName,
        country: t.country ?? null,
        logo: t.logo ?? null,
        founded: t.founded ?? null,
        venue: t.venue ?? null,
      })),
    );
    if (await writeLocalizedNames(tx, 'team', teams, source, batch)) renamed = true;
  }
  for (const batch of batches(fixtures.players)) {
    const teamIds = await idsOf(
      tx,
      teams,
      source,
      batch.map((p) => p.teamExternalId),
    );
    await upsertRows(
      tx,
      players,
      batch.map((p) => ({
        source,
        externalId: p.externalId,
        teamId: p.teamExternalId ? (teamIds.get(p.teamExternalId) ?? null) : null,
        gameId: p.gameId,
        name: p.name,
        nickname: p.nickname ?? null,
        position: p.position ?? null,
        shirtNumber: p.shirtNumber ?? null,
        nationality: p.nationality ?? null,
        birthDate: p.birthDate ?? null,
        injury: p.injury ?? null,
      })),
    );
    // Players' names are read with the page that shows them: no reload of the names kept in memory.
    await writeLocalizedNames(tx, 'player', players, source, batch);
  }
  for (const batch of batches(fixtures.matches)) changedIds.push(...(await upsertMatches(tx, source, batch)));
  return { changedIds, renamed };
}

/**
 * Keeps the names in other languages that a feed gives its competitions, teams or players, by our
 * ids; a name is written only when it is new or changed, and then it answers true.
 */
async function writeLocalizedNames(
  tx: Executor,
  kind: 'competition' | 'team' | 'player',
  table: ExternalTable,
  source: string,
  rows: { externalId: string; localizedNames?: Record<string, string> }[],
): Promise<boolean> {
  const named = rows.filter((row) => row.localizedNames && Object.keys(row.localizedNames).length > 0);
  if (named.length === 0) return false;
  const ids = await idsOf(
    tx,
    table,
    source,
    named.map((row) => row.externalId),
  );
  const values = named.flatMap((row) =>
    Object.entries(row.localizedNames ?? {}).map(([locale, name]) => ({
      kind,
      refId: required(ids, row.externalId, kind),
      locale,
      name,
    })),
  );
  let written = false;
  for (const batch of batches(values)) {
    const rows = await tx
      .insert(localizedNames)
      .values(batch)
      .onConflictDoUpdate({
        target: [localizedNames.kind, localizedNames.refId, localizedNames.locale],
        set: { name: sql.raw('excluded.name') },
        setWhere: sql`${localizedNames.name} is distinct from excluded.name`,
      })
      .returning({ refId: localizedNames.refId });
    if (rows.length > 0) written = true;
  }
  return written;
}

function* batches<T>(items: readonly T[] | undefined): Generator<T[]> {
  for (let start = 0; start < (items?.length ?? 0); start += BATCH)
    yield (items ?? []).slice(start, start + BATCH);
}

/** `set` of an upsert: each column to the value the insert brought. */
function excludedColumns<T extends PgTable>(
  table: T,
  keys: readonly string[],
  except: readonly string[] = [],
): Record<string, SQL> {
  const columns = table as unknown as Record<string, PgColumn>;
  const set: Record<string, SQL> = {};
  for (const key of keys) {
    const column = columns[key];
    if (column && !except.includes(key)) set[key] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}

/** The columns a match update sets. */
function updateColumns(update: MatchUpdate, now: Date) {
  const { state } = update;
  const score = 'score' in state ? state.score : { home: 0, away: 0 };
  const winner = 'winner' in state && typeof state.winner === 'string' ? state.winner : null;
  return {
    status: update.status,
    homeScore: score.home,
    awayScore: score.away,
    result: update.status === 'finished' && state.family !== 'battle_royale' ? (winner ?? 'draw') : null,
    state,
    extras: storedExtras(update, undefined),
    seq: update.seq,
    feedState: update.feedState ?? null,
    updatedAt: now,
  };
}

function storedExtras(update: MatchUpdate, lobbyTeamIds: number[] | undefined): StoredExtras {
  return {
    ...update.extras,
    ...(update.clockRate === undefined ? {} : { clockRate: update.clockRate }),
    ...(lobbyTeamIds ? { lobbyTeamIds } : {}),
  };
}

/** The extras a client sees: the feed's, with every part present. */
function publicExtras(stored: StoredExtras): MatchExtras {
  return {
    lineups: stored.lineups ?? null,
    odds: stored.odds ?? null,
    statistics: stored.statistics ?? [],
    prediction: stored.prediction ?? null,
  };
}

function playerRef(player: { id: number; name: string; nickname: string | null } | null) {
  return player ? { id: player.id, name: player.nickname ?? player.name } : null;
}
