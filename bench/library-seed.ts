// Fills a database with a data library of realistic size for bench/library.mjs, through the match
// store as a feed would: 200 competitions (180 leagues playing a double round robin this season and
// 20 two-legged knockout cups among their teams), 5,040 teams with 18 players each, and about
// 137,000 matches, finished by each sport's rules up to today (with box scores of the starters) and
// scheduled after it.
// Run with tsx; env: DATABASE_URL (PostgreSQL) or DATA_DIR (the embedded database).
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase } from '../db/client';
import { gameById } from '../modules/catalog/catalog.contract';
import type {
  FeedMatch,
  FeedMatchPlayer,
  FeedPlayer,
  Fixtures,
  IncidentPlayers,
} from '../modules/matches/feed';
import { createMatchStore } from '../modules/matches/store';
import type { MatchState } from '../modules/sports/model';
import { PLAYER_STAT_KEYS } from '../modules/sports/player-stats';
import { createRng } from '../modules/sports/rng';
import { rulesForGame } from '../modules/sports/rules-by-game';
import { createMemoryBus } from '../platform/bus/memory';

const SOURCE = 'bench-library';
const TEAMS_PER_LEAGUE = 28;
const PLAYERS_PER_TEAM = 18;
const CUP_TEAMS = 32;
const DAY = 86_400_000;
/** Leagues by game: the mix of a sports and esports data library. */
const LEAGUES: [slug: string, count: number][] = [
  ['soccer', 90],
  ['basketball', 40],
  ['lol', 20],
  ['csgo', 20],
  ['dota2', 10],
];
const CUPS = 20;
const POSITIONS: Record<string, string[]> = {
  soccer: ['GK', 'DF', 'DF', 'DF', 'DF', 'MF', 'MF', 'MF', 'FW', 'FW'],
  basketball: ['PG', 'SG', 'SF', 'PF', 'C'],
  esports: ['TOP', 'JUG', 'MID', 'ADC', 'SUP'],
};
const NATIONS = ['GB', 'ES', 'DE', 'FR', 'IT', 'BR', 'AR', 'US', 'CN', 'KR', 'JP', 'NG', 'SE', 'PL'];

const database = await openDatabase(
  process.env.DATABASE_URL
    ? { url: process.env.DATABASE_URL }
    : { dataDir: path.resolve(process.env.DATA_DIR ?? './data', 'db') },
);
const store = createMatchStore({ db: database.db, bus: createMemoryBus(), log: pino({ level: 'warn' }) });
const rng = createRng(2026);
const now = Date.now();
const seasonStart = now - 240 * DAY;

interface TeamSeed {
  externalId: string;
  players: FeedPlayer[];
}

/** A match of the season: finished by its sport's rules before now, not started after. */
function match(
  slug: string,
  externalId: string,
  competition: string,
  stage: string,
  startsAt: number,
  home: TeamSeed,
  away: TeamSeed,
  extra: Partial<FeedMatch> = {},
): FeedMatch {
  const rules = rulesForGame(slug);
  if (!rules) throw new Error(`no rules for ${slug}`);
  const matchRng = createRng(startsAt % 1_000_003);
  let state: MatchState = rules.initial();
  const incidentPlayers: IncidentPlayers = {};
  if (startsAt < now - 3 * 3600_000) {
    while (!rules.isFinished(state)) state = rules.advance(state, matchRng, 7 * 24 * 3600).state;
    for (const incident of state.incidents) {
      if (incident.type !== 'goal' || !incident.side) continue;
      const squad = (incident.side === 'home' ? home : away).players;
      incidentPlayers[incident.seq] = {
        player: matchRng.pick(squad).externalId,
        secondPlayer: matchRng.chance(0.7) ? matchRng.pick(squad).externalId : undefined,
      };
    }
  }
  const players: FeedMatchPlayer[] = [];
  if (state.status === 'finished') {
    // The starters' numbers: plausible sizes, not a replay (the pages' cost depends on the rows).
    const starters = slug === 'soccer' ? 11 : 5;
    for (const [side, team] of [
      ['home', home],
      ['away', away],
    ] as const)
      for (const player of team.players.slice(0, starters))
        players.push({
          player: player.externalId,
          side,
          starter: true,
          stats: Object.fromEntries(
            PLAYER_STAT_KEYS[rules.family].map((key) => [
              key,
              key === 'rating'
                ? matchRng.between(60, 160) / 100
                : matchRng.between(0, key === 'minutes' ? 90 : 12),
            ]),
          ),
        });
  }
  return {
    externalId,
    gameId: rules.gameId,
    competitionExternalId: competition,
    seasonExternalId: `${competition}:2026`,
    stageExternalId: stage,
    homeTeamExternalId: home.externalId,
    awayTeamExternalId: away.externalId,
    startsAt: new Date(startsAt),
    bestOf: 'bestOf' in state ? (state.bestOf as number) : null,
    initial: { externalId, seq: 1, status: state.status, state, incidentPlayers, players },
    ...extra,
  };
}

/** Each team once at home and once away against every other: the circle method, twice. */
function doubleRoundRobin(teams: TeamSeed[]): [TeamSeed, TeamSeed][][] {
  const circle = [...teams];
  const rounds: [TeamSeed, TeamSeed][][] = [];
  for (let round = 0; round < circle.length - 1; round++) {
    const pairs: [TeamSeed, TeamSeed][] = [];
    for (let i = 0; i < circle.length / 2; i++) {
      const a = circle[i] as TeamSeed;
      const b = circle[circle.length - 1 - i] as TeamSeed;
      pairs.push(round % 2 === 0 ? [a, b] : [b, a]);
    }
    rounds.push(pairs);
    circle.splice(1, 0, circle.pop() as TeamSeed);
  }
  return [...rounds, ...rounds.map((pairs) => pairs.map(([a, b]) => [b, a] as [TeamSeed, TeamSeed]))];
}

async function save(fixtures: Fixtures) {
  await store.upsertFixtures(SOURCE, fixtures);
}

const soccerTeams: TeamSeed[] = [];
let matchCount = 0;
let leagueIndex = 0;
for (const [slug, count] of LEAGUES) {
  const game = gameById(rulesForGame(slug)?.gameId ?? -1);
  if (!game) throw new Error(`no game ${slug}`);
  const positions = POSITIONS[slug] ?? POSITIONS.esports ?? [];
  for (let n = 0; n < count; n++, leagueIndex++) {
    const competition = `L${leagueIndex}`;
    const teams: TeamSeed[] = [];
    const fixtures: Required<Fixtures> = {
      competitions: [
        {
          externalId: competition,
          gameId: game.id,
          name: `${game.slug.toUpperCase()} League ${n + 1}`,
          shortName: `${game.slug.slice(0, 3).toUpperCase()}${n + 1}`,
          region: rng.pick(NATIONS),
          format: 'league',
          rank: leagueIndex,
        },
      ],
      seasons: [
        {
          externalId: `${competition}:2026`,
          competitionExternalId: competition,
          name: '2026',
          startsOn: new Date(seasonStart).toISOString().slice(0, 10),
          endsOn: new Date(seasonStart + 300 * DAY).toISOString().slice(0, 10),
          current: true,
        },
      ],
      stages: [
        {
          externalId: `${competition}:table`,
          seasonExternalId: `${competition}:2026`,
          name: 'Regular season',
          kind: 'league',
          ordinal: 1,
        },
      ],
      teams: [],
      players: [],
      matches: [],
    };
    for (let t = 0; t < TEAMS_PER_LEAGUE; t++) {
      const externalId = `${competition}:T${t}`;
      const nation = rng.pick(NATIONS);
      const players = Array.from({ length: PLAYERS_PER_TEAM }, (_, p) => ({
        externalId: `${externalId}:P${p}`,
        teamExternalId: externalId,
        gameId: game.id,
        name: `Player ${leagueIndex}-${t}-${p}`,
        position: positions[p % positions.length] ?? null,
        shirtNumber: p + 1,
        nationality: rng.chance(0.8) ? nation : rng.pick(NATIONS),
        birthDate: `${rng.between(1988, 2006)}-${String(rng.between(1, 12)).padStart(2, '0')}-${String(rng.between(1, 28)).padStart(2, '0')}`,
        injury: rng.chance(0.03) ? { reason: 'knee', until: null } : null,
      }));
      fixtures.teams.push({
        externalId,
        gameId: game.id,
        name: `${game.slug} Club ${leagueIndex}-${t}`,
        shortName: `C${t}`,
        country: nation,
        founded: rng.between(1880, 2020),
      });
      fixtures.players.push(...players);
      teams.push({ externalId, players });
    }
    if (slug === 'soccer') soccerTeams.push(...teams);
    // Rounds a week apart (or every 4 days), so that the season is two-thirds played.
    const rounds = doubleRoundRobin(teams);
    const gap = ((300 * DAY) / rounds.length) | 0;
    rounds.forEach((pairs, round) => {
      pairs.forEach(([home, away], i) => {
        const startsAt = seasonStart + round * gap + (i % 4) * 2 * 3600_000;
        fixtures.matches.push(
          match(
            slug,
            `${competition}:R${round}:${i}`,
            competition,
            `${competition}:table`,
            startsAt,
            home,
            away,
            {
              round: round + 1,
            },
          ),
        );
      });
    });
    matchCount += fixtures.matches.length;
    await save(fixtures);
    if ((leagueIndex + 1) % 30 === 0) console.log(`${leagueIndex + 1} leagues, ${matchCount} matches`);
  }
}

// Cups: 32 of the soccer leagues' teams in two-legged ties, then a one-match final.
for (let c = 0; c < CUPS; c++) {
  const competition = `C${c}`;
  const matches: FeedMatch[] = [];
  let alive = Array.from({ length: CUP_TEAMS }, () => rng.pick(soccerTeams));
  alive = [...new Set(alive)];
  while (alive.length < CUP_TEAMS)
    alive.push(soccerTeams[(c * 97 + alive.length) % soccerTeams.length] as TeamSeed);
  for (let round = 1; alive.length > 1; round++) {
    const final = alive.length === 2;
    const next: TeamSeed[] = [];
    for (let i = 0; i < alive.length; i += 2) {
      const [a, b] = [alive[i] as TeamSeed, alive[i + 1] as TeamSeed];
      const startsAt = seasonStart + round * 30 * DAY + i * 3600_000;
      const first = match(
        'soccer',
        `${competition}:R${round}:${i}:1`,
        competition,
        `${competition}:ko`,
        startsAt,
        a,
        b,
        {
          round,
          leg: final ? null : 1,
        },
      );
      matches.push(first);
      let homeGoals = 'score' in first.initial.state ? first.initial.state.score.home : 0;
      let awayGoals = 'score' in first.initial.state ? first.initial.state.score.away : 0;
      if (!final) {
        const second = match(
          'soccer',
          `${competition}:R${round}:${i}:2`,
          competition,
          `${competition}:ko`,
          startsAt + 7 * DAY,
          b,
          a,
          {
            round,
            leg: 2,
          },
        );
        matches.push(second);
        if ('score' in second.initial.state) {
          homeGoals += second.initial.state.score.away;
          awayGoals += second.initial.state.score.home;
        }
      }
      next.push(homeGoals >= awayGoals ? a : b);
    }
    alive = next;
  }
  matchCount += matches.length;
  await save({
    competitions: [
      {
        externalId: competition,
        gameId: 202,
        name: `Bench Cup ${c + 1}`,
        shortName: `CUP${c + 1}`,
        region: 'World',
        format: 'cup',
        rank: leagueIndex + c,
      },
    ],
    seasons: [
      {
        externalId: `${competition}:2026`,
        competitionExternalId: competition,
        name: '2026',
        startsOn: new Date(seasonStart).toISOString().slice(0, 10),
        endsOn: new Date(seasonStart + 200 * DAY).toISOString().slice(0, 10),
        current: true,
      },
    ],
    stages: [
      {
        externalId: `${competition}:ko`,
        seasonExternalId: `${competition}:2026`,
        name: 'Knockout',
        kind: 'knockout',
        ordinal: 1,
        twoLegged: true,
      },
    ],
    matches,
  });
}
// The statistics a live database's autovacuum keeps, so that the planner sees this data set as it is.
await database.db.execute(sql`analyze`);
console.log(
  `\nseeded ${LEAGUES.reduce((n, [, c]) => n + c, 0) + CUPS} competitions, ${leagueIndex * TEAMS_PER_LEAGUE} teams, ${matchCount} matches`,
);
await database.close();
