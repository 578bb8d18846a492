import type { TFunction } from '../../../lib/translate';

/**
 * Squad positions in the order a squad list reads, across sports: goal to attack in football,
 * guards to centre in basketball, and so on. Positions not here come after, in name order.
 */
const ORDER = [
  'GK',
  'DF',
  'MF',
  'FW',
  'FIELD',
  'PG',
  'SG',
  'SF',
  'PF',
  'C',
  'QB',
  'RB',
  'WR',
  'TE',
  'OL',
  'DL',
  'LB',
  'CB',
  'S',
  'K',
  'SP',
  'RP',
  '1B',
  '2B',
  '3B',
  'SS',
  'LF',
  'CF',
  'RF',
  'DH',
  'BAT',
  'WK',
  'AR',
  'BOWL',
  'OH',
  'MB',
  'OPP',
  'L',
  'TOP',
  'CLASH',
  'JGL',
  'MID',
  'ADC',
  'FARM',
  'SUP',
  'ROAM',
  'IGL',
  'AWP',
  'ENTRY',
  'RIFLER',
  'DUELIST',
  'INITIATOR',
  'CONTROLLER',
  'SENTINEL',
  'FLEX',
  'ANCHOR',
  'TANK',
  'DPS',
  'FRAGGER',
  'RUSHER',
  'SCOUT',
  'SUPPORT',
  'SUB',
];

/** Where a position sorts; unknown and missing ones last. */
export function positionRank(position: string | null): number {
  const index = position === null ? -1 : ORDER.indexOf(position);
  return index < 0 ? ORDER.length : index;
}

/** A position's name in the page language: the game's own meaning of the code first (S is a setter in volleyball, a safety in american football). */
export function positionName(t: TFunction, game: string, position: string | null): string {
  if (position === null) return t('squads:positions.none');
  return t([`squads:positions.${game}.${position}`, `squads:positions.${position}`], {
    defaultValue: position,
  });
}

/** Players grouped by position in squad order; within a position by shirt number, then name. */
export function byPosition<P extends { position: string | null; shirtNumber: number | null; name: string }>(
  players: P[],
): [position: string | null, players: P[]][] {
  const groups = new Map<string | null, P[]>();
  const sorted = [...players].sort(
    (a, b) =>
      positionRank(a.position) - positionRank(b.position) ||
      (a.position ?? '').localeCompare(b.position ?? '') ||
      (a.shirtNumber ?? 999) - (b.shirtNumber ?? 999) ||
      a.name.localeCompare(b.name),
  );
  for (const player of sorted) {
    const group = groups.get(player.position) ?? [];
    group.push(player);
    groups.set(player.position, group);
  }
  return [...groups];
}
