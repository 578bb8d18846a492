import { lastOf, type Recorder, type SportRules } from './engine';
import type { MajorObjective, MatchOptions, MobaState, Side } from './model';
import type { Rng } from './rng';
import { chooseBestOf, otherSide, zeroScore } from './scoring';
import { defineSeriesRules } from './series';

export type MobaOptions = Pick<MatchOptions, 'bestOf'>;

/** What tells one MOBA title from another, from typical professional games. */
export interface MobaTitle {
  slug: string;
  typicalMinutes: number;
  /** Average seconds between fights and pushes. */
  actionSeconds: number;
  /** Most kills the winning side of a fight takes. */
  mostKillsPerFight: number;
  towersPerSide: number;
  /** Towers to take before the base can fall: a whole lane, plus the base towers where there are any. */
  towersBeforeBase: number;
  /** Passive income of a team. */
  goldPerSecond: number;
  killGold: number;
  towerGold: number;
  objective: MajorObjective;
  objectiveGold: number;
  objectiveFirstUpSeconds: number;
  objectiveRespawnSeconds: number;
}

export const MOBA_TITLES: readonly MobaTitle[] = [
  {
    slug: 'lol',
    typicalMinutes: 32,
    actionSeconds: 110,
    mostKillsPerFight: 2,
    towersPerSide: 11,
    towersBeforeBase: 5,
    goldPerSecond: 28,
    killGold: 300,
    towerGold: 550,
    objective: 'baron',
    objectiveGold: 1500,
    // Baron Nashor first spawns at 20:00 and respawns 6 minutes after it is slain.
    objectiveFirstUpSeconds: 20 * 60,
    objectiveRespawnSeconds: 6 * 60,
  },
  {
    slug: 'dota2',
    typicalMinutes: 38,
    actionSeconds: 75,
    mostKillsPerFight: 4,
    towersPerSide: 11,
    towersBeforeBase: 5,
    goldPerSecond: 30,
    killGold: 250,
    towerGold: 500,
    objective: 'roshan',
    objectiveGold: 600,
    // Roshan is up from the start and respawns 8 to 11 minutes after he dies.
    objectiveFirstUpSeconds: 0,
    objectiveRespawnSeconds: 9.5 * 60,
  },
  {
    slug: 'kog',
    typicalMinutes: 18,
    actionSeconds: 50,
    mostKillsPerFight: 3,
    towersPerSide: 9,
    towersBeforeBase: 3,
    goldPerSecond: 40,
    killGold: 200,
    towerGold: 300,
    objective: 'overlord',
    objectiveGold: 800,
    objectiveFirstUpSeconds: 8 * 60,
    objectiveRespawnSeconds: 3 * 60,
  },
  {
    slug: 'lolmobile',
    typicalMinutes: 18,
    actionSeconds: 60,
    mostKillsPerFight: 3,
    towersPerSide: 9,
    towersBeforeBase: 3,
    goldPerSecond: 36,
    killGold: 300,
    towerGold: 400,
    objective: 'baron',
    objectiveGold: 1200,
    objectiveFirstUpSeconds: 12 * 60,
    objectiveRespawnSeconds: 5 * 60,
  },
  {
    slug: 'mlbb',
    typicalMinutes: 15,
    actionSeconds: 45,
    mostKillsPerFight: 3,
    towersPerSide: 9,
    towersBeforeBase: 3,
    goldPerSecond: 40,
    killGold: 250,
    towerGold: 300,
    objective: 'lord',
    objectiveGold: 800,
    objectiveFirstUpSeconds: 8 * 60,
    objectiveRespawnSeconds: 3 * 60,
  },
  {
    slug: 'aov',
    typicalMinutes: 17,
    actionSeconds: 50,
    mostKillsPerFight: 3,
    towersPerSide: 9,
    towersBeforeBase: 3,
    goldPerSecond: 40,
    killGold: 200,
    towerGold: 300,
    objective: 'dark_slayer',
    objectiveGold: 800,
    objectiveFirstUpSeconds: 10 * 60,
    objectiveRespawnSeconds: 3 * 60,
  },
];

/** A gold lead of this size makes a team a clear favourite in fights, up to this much likelier to win. */
const DECISIVE_GOLD_LEAD = 10_000;
const GOLD_LEAD_ADVANTAGE = 0.3;
const LOSER_TRADES_KILL = 0.35;
const TOWER_AFTER_WON_FIGHT = 0.55;
const OBJECTIVE_AFTER_WON_FIGHT = 0.3;
/** Towers are mostly safe in the laning phase, the first quarter of a typical game. */
const LANING_PHASE_SHARE = 0.25;
/** The base can fall from 70% of a typical game's length, surely by 120%. */
const BASE_CAN_FALL_FROM = 0.7;
const BASE_FALLS_SURELY_AT = 1.2;

export function defineMobaRules(title: MobaTitle): SportRules<MobaState, MobaOptions> {
  return defineSeriesRules<MobaState, MobaOptions>({
    family: 'moba',
    slug: title.slug,
    periodPrefix: 'M',
    gameWon: 'map_won',
    edgeSpread: 0.08,
    initial: (options, series) => ({
      ...series,
      bestOf: chooseBestOf(options?.bestOf, { default: 3, allowed: [1, 3, 5, 7] }),
    }),
    startGame(draft) {
      draft.games.push({
        home: 0,
        away: 0,
        winner: null,
        towers: zeroScore(),
        gold: zeroScore(),
        majorObjectives: zeroScore(),
        firstBlood: null,
        gameSeconds: 0,
        objectiveUpAt: title.objectiveFirstUpSeconds,
      });
    },
    tick(draft, seconds) {
      const map = lastOf(draft.games);
      map.gameSeconds += seconds;
      map.gold.home += title.goldPerSecond * seconds;
      map.gold.away += title.goldPerSecond * seconds;
    },
    playContest: (draft, rng, record) => playAction(title, draft, rng, record),
    contestSeconds: (_draft, rng) => rng.waitSeconds(title.actionSeconds),
  });
}

/** A fight or a push: the side ahead in gold wins it more often and presses its advantage. */
function playAction(title: MobaTitle, draft: MobaState, rng: Rng, record: Recorder): void {
  const map = lastOf(draft.games);
  const goldLead = (map.gold.home - map.gold.away) / DECISIVE_GOLD_LEAD;
  const homeWins = rng.chance(0.5 + draft.edge + GOLD_LEAD_ADVANTAGE * Math.tanh(goldLead));
  const winner: Side = homeWins ? 'home' : 'away';
  const loser = otherSide(winner);

  const kills = rng.between(0, title.mostKillsPerFight);
  if (kills > 0 && map.firstBlood === null) {
    map.firstBlood = winner;
    record({ type: 'first_blood', side: winner });
  }
  const traded = kills > 0 && rng.chance(LOSER_TRADES_KILL) ? 1 : 0;
  map[winner] += kills;
  map[loser] += traded;
  map.gold[winner] += kills * title.killGold;
  map.gold[loser] += traded * title.killGold;

  const typicalSeconds = title.typicalMinutes * 60;
  const laning = map.gameSeconds < typicalSeconds * LANING_PHASE_SHARE;
  if (!laning && map.towers[winner] < title.towersPerSide && rng.chance(TOWER_AFTER_WON_FIGHT)) {
    map.towers[winner] += 1;
    map.gold[winner] += title.towerGold;
  }
  if (map.gameSeconds >= map.objectiveUpAt && rng.chance(OBJECTIVE_AFTER_WON_FIGHT)) {
    map.majorObjectives[winner] += 1;
    map.gold[winner] += title.objectiveGold;
    map.objectiveUpAt = map.gameSeconds + title.objectiveRespawnSeconds;
    record({ type: 'objective_taken', side: winner, objective: title.objective });
  }
  // The base falls to a side with a lane open, more surely the longer the game has gone on.
  const lateness = map.gameSeconds / typicalSeconds;
  const baseFalls = (lateness - BASE_CAN_FALL_FROM) / (BASE_FALLS_SURELY_AT - BASE_CAN_FALL_FROM);
  if (map.towers[winner] >= title.towersBeforeBase && rng.chance(baseFalls)) {
    map.winner = winner;
  }
}

export const MOBA_RULES = MOBA_TITLES.map(defineMobaRules);
