import { defineRules, lastOf, type Recorder, type SportRules } from './engine';
import type { BattleRoyaleGame, BattleRoyaleState, MatchOptions, Standing } from './model';
import type { Rng } from './rng';

export type BattleRoyaleOptions = Pick<MatchOptions, 'teamCount' | 'gameCount'>;

export interface BattleRoyaleTitle {
  slug: string;
  teamCount: number;
  playersPerTeam: number;
  /** Points for 1st, 2nd... place; places beyond the list score nothing. */
  placementPoints: readonly number[];
  pointsPerKill: number;
  gameMinutes: number;
  gameCount: number;
}

export const BATTLE_ROYALE_TITLES: readonly BattleRoyaleTitle[] = [
  // PUBG Esports scoring: 10, 6, 5, 4, 3, 2, 1, 1 for the top eight and a point a kill; 16 squads.
  {
    slug: 'pubg',
    teamCount: 16,
    playersPerTeam: 4,
    placementPoints: [10, 6, 5, 4, 3, 2, 1, 1],
    pointsPerKill: 1,
    gameMinutes: 30,
    gameCount: 6,
  },
  // PUBG Mobile Esports moved to the same 10-point table in 2023.
  {
    slug: 'pubgmobile',
    teamCount: 16,
    playersPerTeam: 4,
    placementPoints: [10, 6, 5, 4, 3, 2, 1, 1],
    pointsPerKill: 1,
    gameMinutes: 25,
    gameCount: 6,
  },
  // Apex Legends Global Series: 20 trios; 12, 9, 7, 5, 4, 3, 3, 2, 2, 2, then 1 down to 15th.
  {
    slug: 'apex',
    teamCount: 20,
    playersPerTeam: 3,
    placementPoints: [12, 9, 7, 5, 4, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1],
    pointsPerKill: 1,
    gameMinutes: 22,
    gameCount: 6,
  },
  // Free Fire World Series: 12 squads; 12 for the Booyah, then 9 down to 1 for 10th.
  {
    slug: 'freefire',
    teamCount: 12,
    playersPerTeam: 4,
    placementPoints: [12, 9, 8, 7, 6, 5, 4, 3, 2, 1],
    pointsPerKill: 1,
    gameMinutes: 20,
    gameCount: 6,
  },
];

/** Most deaths are kills; the rest are the zone, falls and the like, credited to nobody. */
const DEATH_IS_KILL = 0.9;
const STRENGTH_SPREAD = 0.3;
const MOST_GAMES = 24;

export function defineBattleRoyaleRules(
  title: BattleRoyaleTitle,
): SportRules<BattleRoyaleState, BattleRoyaleOptions> {
  return defineRules<BattleRoyaleState, BattleRoyaleOptions>({
    family: 'battle_royale',
    slug: title.slug,
    initial(options, base) {
      const teamCount = options?.teamCount ?? title.teamCount;
      const gameCount = options?.gameCount ?? title.gameCount;
      if (!Number.isInteger(teamCount) || teamCount < 2)
        throw new RangeError(`a lobby of ${teamCount} teams`);
      if (!Number.isInteger(gameCount) || gameCount < 1 || gameCount > MOST_GAMES) {
        throw new RangeError(`a series of ${gameCount} games`);
      }
      return {
        ...base,
        teamCount,
        playersPerTeam: title.playersPerTeam,
        gameCount,
        games: [],
        standings: Array.from({ length: teamCount }, (_, team) => ({
          team,
          points: 0,
          placementPoints: 0,
          killPoints: 0,
          wins: 0,
        })),
        winner: null,
        strengths: Array.from({ length: teamCount }, () => 1),
      };
    },
    period: (state) => `G${Math.max(1, state.games.length)}`,
    begin(draft, rng) {
      draft.strengths = draft.strengths.map(() => Math.exp(rng.normal(0, STRENGTH_SPREAD)));
      startGame(draft);
      return secondsToNextDeath(title, draft, rng);
    },
    resolve(draft, rng, record) {
      playDeath(title, draft, rng);
      const game = lastOf(draft.games);
      const survivors = teamsAlive(game);
      const [lastTeam] = survivors;
      if (survivors.length === 1 && lastTeam !== undefined) {
        placeTeam(title, draft, game, lastTeam, 1);
        game.winner = lastTeam;
        standingOf(draft, lastTeam).wins += 1;
        sortStandings(draft);
        record({ type: 'game_won', team: lastTeam, value: draft.games.length });
        if (draft.games.length === draft.gameCount) {
          finishSeries(draft, record);
          return 0;
        }
        startGame(draft);
      }
      return secondsToNextDeath(title, draft, rng);
    },
  });
}

function startGame(draft: BattleRoyaleState): void {
  draft.games.push({
    placements: Array.from({ length: draft.teamCount }, () => null),
    kills: Array.from({ length: draft.teamCount }, () => 0),
    alive: Array.from({ length: draft.teamCount }, () => draft.playersPerTeam),
    winner: null,
  });
}

/** Deaths are spread over the length of a game. */
function secondsToNextDeath(title: BattleRoyaleTitle, state: BattleRoyaleState, rng: Rng): number {
  const players = state.teamCount * state.playersPerTeam;
  return rng.waitSeconds((title.gameMinutes * 60) / players);
}

function teamsAlive(game: BattleRoyaleGame): number[] {
  const teams: number[] = [];
  game.alive.forEach((players, team) => {
    if (players > 0) teams.push(team);
  });
  return teams;
}

/** A player dies: stronger teams kill more and die less. */
function playDeath(title: BattleRoyaleTitle, draft: BattleRoyaleState, rng: Rng): void {
  const game = lastOf(draft.games);
  const alive = teamsAlive(game);
  const victim = rng.weighted(alive.map((team) => [team, (game.alive[team] ?? 0) / strengthOf(draft, team)]));
  const rivals = alive.filter((team) => team !== victim);
  if (rng.chance(DEATH_IS_KILL)) {
    const killer = rng.weighted(
      rivals.map((team) => [team, (game.alive[team] ?? 0) * strengthOf(draft, team)]),
    );
    game.kills[killer] = (game.kills[killer] ?? 0) + 1;
    const standing = standingOf(draft, killer);
    standing.killPoints += title.pointsPerKill;
    standing.points += title.pointsPerKill;
  }
  game.alive[victim] = (game.alive[victim] ?? 0) - 1;
  // A team is out when its last player dies; it finishes below every team still alive.
  if (game.alive[victim] === 0) placeTeam(title, draft, game, victim, rivals.length + 1);
  sortStandings(draft);
}

function placeTeam(
  title: BattleRoyaleTitle,
  draft: BattleRoyaleState,
  game: BattleRoyaleGame,
  team: number,
  place: number,
): void {
  game.placements[team] = place;
  const points = title.placementPoints[place - 1] ?? 0;
  const standing = standingOf(draft, team);
  standing.placementPoints += points;
  standing.points += points;
}

function strengthOf(state: BattleRoyaleState, team: number): number {
  return state.strengths[team] ?? 1;
}

function standingOf(state: BattleRoyaleState, team: number): Standing {
  const standing = state.standings.find((row) => row.team === team);
  if (standing === undefined) throw new Error(`team ${team} is not in the lobby`);
  return standing;
}

/**
 * Ranking ties are broken, as in PUBG Esports, by games won, then placement points, then kill
 * points, then the better place in the latest game.
 */
function sortStandings(draft: BattleRoyaleState): void {
  const latest = lastOf(draft.games).placements;
  const latestPlace = (team: number) => latest[team] ?? 0;
  draft.standings.sort(
    (a, b) =>
      b.points - a.points ||
      b.wins - a.wins ||
      b.placementPoints - a.placementPoints ||
      b.killPoints - a.killPoints ||
      latestPlace(a.team) - latestPlace(b.team) ||
      a.team - b.team,
  );
}

function finishSeries(draft: BattleRoyaleState, record: Recorder): void {
  const [leader] = draft.standings;
  draft.status = 'finished';
  draft.winner = leader?.team ?? null;
  record({ type: 'match_finished', ...(leader ? { team: leader.team } : {}) });
}

export const BATTLE_ROYALE_RULES = BATTLE_ROYALE_TITLES.map(defineBattleRoyaleRules);
