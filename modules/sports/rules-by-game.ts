import { gameBySlug } from '../catalog/catalog.contract';
import { americanFootball } from './american-football';
import { badminton } from './badminton';
import { baseball } from './baseball';
import { basketball } from './basketball';
import { BATTLE_ROYALE_RULES } from './battle-royale';
import { cricket } from './cricket';
import type { SportRules } from './engine';
import { GENERIC_RULES } from './generic';
import { MOBA_RULES } from './moba';
import { SHOOTER_RULES } from './shooter';
import { snooker } from './snooker';
import { soccer } from './soccer';
import { tableTennis } from './table-tennis';
import { tennis } from './tennis';
import { volleyball } from './volleyball';

export const ALL_RULES: readonly SportRules[] = [
  soccer,
  basketball,
  americanFootball,
  tennis,
  volleyball,
  badminton,
  tableTennis,
  baseball,
  cricket,
  snooker,
  ...MOBA_RULES,
  ...SHOOTER_RULES,
  ...BATTLE_ROYALE_RULES,
  ...GENERIC_RULES,
];

const byGameId = new Map(ALL_RULES.map((rules) => [rules.gameId, rules]));

/** The rules of a catalogue game, by id or slug; undefined for a game not in the catalogue. */
export function rulesForGame(game: number | string): SportRules | undefined {
  const id = typeof game === 'number' ? game : gameBySlug(game)?.id;
  return id === undefined ? undefined : byGameId.get(id);
}
