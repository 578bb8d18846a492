import { gameBySlug } from '../../catalog/catalog.contract';
import type { FeedCompetition, FeedPlayer, FeedTeam } from '../../matches';
import { createRng, type Rng } from '../../sports';
import { chineseNames } from './chinese';
import {
  type CompetitionTemplate,
  competitionNameZh,
  ESPORTS_NATIONS,
  GAME_SETUPS,
  type GameSetup,
} from './competitions';
import {
  type Culture,
  clubName,
  cultureOf,
  esportsTeamName,
  handle,
  type Named,
  personName,
  shortNameOf,
  townName,
  venueName,
} from './names';
import { hashText, mix } from './seeds';

/**
 * The simulated world of one game: its competitions, teams and players, made from the seed alone
 * (injuries aside, which change with the week), so a restart makes the very same world.
 */
export interface SimTeam {
  feed: FeedTeam;
  /** How good the team is: about normal(0, 1); drives odds and predictions. */
  strength: number;
  players: FeedPlayer[];
  coach: string | null;
  /** Soccer: the formation it lines up in. */
  formation: string | null;
}

export interface SimCompetition {
  template: CompetitionTemplate;
  feed: FeedCompetition;
  /** The teams it draws its matches from. */
  pool: SimTeam[];
}

export interface World {
  gameId: number;
  setup: GameSetup;
  competitions: SimCompetition[];
  teams: SimTeam[];
}

const REGION_NATIONS: Record<string, readonly string[]> = {
  EU: ['SE', 'DK', 'FR', 'DE', 'PL', 'FI', 'ES', 'GB', 'NL', 'IT'],
  AS: ['KR', 'JP', 'VN', 'TH', 'PH', 'ID', 'CN', 'MY'],
  AM: ['US', 'CA', 'BR', 'AR', 'MX'],
  world: ESPORTS_NATIONS,
};

const FORMATIONS = ['4-3-3', '4-4-2', '4-2-3-1', '3-5-2', '3-4-3', '5-3-2', '4-1-4-1'];

/** How a squad's players are numbered: shirt numbers in team sports, none in esports. */
const NUMBERED = new Set(['club', 'franchise']);

export function buildWorld(seed: number, setup: GameSetup): World {
  const game = gameBySlug(setup.slug);
  if (!game) throw new Error(`${setup.slug} is not in the game catalogue`);
  const teams: SimTeam[] = [];
  const names = new Set<string>();
  const pools = new Map<string, SimTeam[]>();
  let individualPool: SimTeam[] | undefined;

  const makeTeam = (rng: Rng, key: string, index: number, country: string): SimTeam => {
    const team = createTeam(rng, setup, game.id, `${setup.slug}:${key}:${index + 1}`, country, names);
    teams.push(team);
    return team;
  };

  for (const template of setup.competitions) {
    const { schedule } = template;
    // A sequence of each competition's own, so that adding a competition renames no other's teams.
    const rng = createRng(mix(seed, game.id, hashText(template.key)));
    if (template.from) {
      pools.set(
        template.key,
        template.from.flatMap((key) => pools.get(key) ?? []),
      );
    } else if (setup.squad === 'individual') {
      // One tour of players per game, whose tournaments draw from it.
      const size = Math.max(
        ...setup.competitions.map((t) => (t.schedule.kind === 'bracket' ? t.schedule.size : 0)),
      );
      const tourRng = createRng(mix(seed, game.id, hashText('tour')));
      individualPool ??= Array.from({ length: size * 2 }, (_, index) =>
        makeTeam(tourRng, 'tour', index, tourRng.pick(template.countries ?? ESPORTS_NATIONS)),
      );
      pools.set(template.key, individualPool);
    } else {
      const count = schedule.kind === 'league' || schedule.kind === 'lobbies' ? schedule.teams : 16;
      pools.set(
        template.key,
        Array.from({ length: count }, (_, index) =>
          makeTeam(rng, template.key, index, nationOf(rng, template.region)),
        ),
      );
    }
  }

  const competitions = setup.competitions.map((template) => {
    const zh = competitionNameZh(template.name);
    return {
      template,
      pool: pools.get(template.key) ?? [],
      feed: {
        externalId: `${setup.slug}:${template.key}`,
        gameId: game.id,
        name: template.name,
        shortName: template.shortName,
        region: template.region,
        format: template.format,
        rank: template.rank,
        ...(zh ? { localizedNames: chineseNames(zh) } : {}),
      },
    };
  });
  return { gameId: game.id, setup, competitions, teams };
}

let worlds: { seed: number; list: World[] } | undefined;

/** The worlds of every game of the catalogue for a seed (made once, then reused). */
export function worldsFor(seed: number): World[] {
  if (worlds?.seed !== seed) worlds = { seed, list: GAME_SETUPS.map((setup) => buildWorld(seed, setup)) };
  return worlds.list;
}

function nationOf(rng: Rng, region: string): string {
  const nations = REGION_NATIONS[region];
  return nations ? rng.pick(nations) : region;
}

function createTeam(
  rng: Rng,
  setup: GameSetup,
  gameId: number,
  externalId: string,
  country: string,
  taken: Set<string>,
): SimTeam {
  const culture = cultureOf(country);
  const strength = rng.normal(0, 1);
  if (setup.squad === 'individual') {
    const solo = SOLO_ESPORTS.has(setup.slug);
    // A handle is the same in every language.
    const shown = uniqueName(taken, () => {
      if (!solo) return personName(rng, culture);
      const known = handle(rng);
      return { name: known, zh: known };
    });
    const player = createPlayer(
      rng,
      setup,
      gameId,
      `${externalId}:1`,
      externalId,
      culture,
      country,
      null,
      null,
    );
    if (solo) player.nickname = shown.name;
    else {
      player.name = shown.name;
      player.localizedNames = chineseNames(shown.zh);
    }
    return {
      feed: {
        externalId,
        gameId,
        name: shown.name,
        shortName: shown.name.split(' ').at(-1) ?? shown.name,
        country,
        founded: null,
        venue: null,
        localizedNames: chineseNames(shown.zh),
      },
      strength,
      players: [player],
      coach: personName(rng, culture).name,
      formation: null,
    };
  }

  let town: Named | undefined;
  const name = uniqueName(taken, () => {
    if (setup.squad === 'esports') return esportsTeamName(rng);
    town = townName(rng, culture);
    return clubName(rng, culture, town, setup.squad === 'franchise');
  });
  const esports = setup.squad === 'esports';
  const feed: FeedTeam = {
    externalId,
    gameId,
    name: name.name,
    shortName: esports
      ? shortNameOf(name.name)
      : (town?.name ?? '')
          .replace(/[^\p{L}]/gu, '')
          .slice(0, 3)
          .toUpperCase(),
    country,
    founded: esports ? rng.between(2011, 2024) : rng.between(1878, 2012),
    venue: setup.venue && town ? venueName(rng, town.name, setup.venue) : null,
    localizedNames: chineseNames(name.zh),
  };
  const numbers = shirtNumbers(rng, setup);
  let index = 0;
  const players = setup.positions.flatMap(([position, count]) =>
    Array.from({ length: count }, () => {
      index += 1;
      // A club squad has a few players from abroad.
      const from = !esports && rng.chance(0.2) ? rng.pick(FOREIGN) : country;
      return createPlayer(
        rng,
        setup,
        gameId,
        `${externalId}:${index}`,
        externalId,
        cultureOf(from),
        from,
        position,
        numbers.shift() ?? null,
      );
    }),
  );
  return {
    feed,
    strength,
    players,
    coach: personName(rng, culture).name,
    formation: setup.slug === 'soccer' ? rng.pick(FORMATIONS) : null,
  };
}

/** Individual esports: players are known by their handle. */
const SOLO_ESPORTS = new Set(['sc2', 'tft', 'hearthstone', 'eafc', 'sf6', 'tekken8', 'warcraft3']);

const FOREIGN = ['BR', 'AR', 'FR', 'ES', 'PT', 'NL', 'DE', 'IT', 'JP', 'KR', 'SE', 'DK', 'PL', 'US', 'GB'];

function createPlayer(
  rng: Rng,
  setup: GameSetup,
  gameId: number,
  externalId: string,
  teamExternalId: string,
  culture: Culture,
  nationality: string,
  position: string | null,
  shirtNumber: number | null,
): FeedPlayer {
  const esports = setup.squad === 'esports';
  const age = esports ? rng.between(17, 28) : rng.between(18, 35);
  const month = String(rng.between(1, 12)).padStart(2, '0');
  const day = String(rng.between(1, 28)).padStart(2, '0');
  const name = personName(rng, culture);
  return {
    externalId,
    teamExternalId,
    gameId,
    name: name.name,
    nickname: esports ? handle(rng) : null,
    position,
    shirtNumber,
    nationality,
    birthDate: `${2026 - age}-${month}-${day}`,
    injury: null,
    localizedNames: chineseNames(name.zh),
  };
}

function shirtNumbers(rng: Rng, setup: GameSetup): number[] {
  if (!NUMBERED.has(setup.squad)) return [];
  const size = setup.positions.reduce((sum, [, count]) => sum + count, 0);
  const numbers = Array.from({ length: 99 }, (_, index) => index + 1);
  for (let index = numbers.length - 1; index > 0; index -= 1) {
    const other = rng.between(0, index);
    [numbers[index], numbers[other]] = [numbers[other] as number, numbers[index] as number];
  }
  const chosen = numbers.slice(0, size);
  // Goalkeepers wear 1 first, by custom.
  if (setup.slug === 'soccer') {
    const one = chosen.indexOf(1);
    if (one > 0) [chosen[0], chosen[one]] = [1, chosen[0] as number];
    else if (one < 0) chosen[0] = 1;
  }
  return chosen;
}

function uniqueName(taken: Set<string>, make: () => Named): Named {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const name = make();
    if (!taken.has(name.name)) {
      taken.add(name.name);
      return name;
    }
  }
  throw new Error('ran out of names');
}

const INJURIES: Record<string, readonly string[]> = {
  default: [
    'Hamstring strain',
    'Ankle sprain',
    'Knee ligament injury',
    'Calf strain',
    'Groin strain',
    'Concussion',
    'Broken foot',
    'Thigh bruise',
    'Back spasm',
    'Shoulder dislocation',
  ],
  esports: ['Wrist strain', 'Illness', 'Visa issue', 'Personal leave'],
};

/**
 * The week's injuries of a world: a few players of each team miss matches, until a day in the
 * coming weeks. Drawn per week, so they change as the weeks pass.
 */
export function injuriesOf(
  seed: number,
  world: World,
  week: number,
  weekStart: Date,
): Map<string, FeedPlayer['injury']> {
  const injured = new Map<string, FeedPlayer['injury']>();
  const reasons = world.setup.squad === 'esports' ? INJURIES.esports : INJURIES.default;
  const rate = world.setup.squad === 'esports' ? 0.01 : 0.04;
  for (const team of world.teams) {
    if (team.players.length < 2) continue;
    for (const player of team.players) {
      const rng = createRng(mix(seed, week, hashText(player.externalId)));
      if (!rng.chance(rate)) continue;
      const until = new Date(weekStart.getTime() + rng.between(3, 45) * 86_400_000);
      injured.set(player.externalId, {
        reason: rng.pick(reasons ?? []),
        until: rng.chance(0.85) ? until.toISOString().slice(0, 10) : null,
      });
    }
  }
  return injured;
}
