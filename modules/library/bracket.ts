/**
 * A knockout bracket built from the matches of a knockout stage: ties per round (one match, or two
 * legs decided on aggregate), winners advanced to the slot they feed, and the rounds still to
 * come filled with the winners known so far. Pure.
 */

export interface KnockoutMatch {
  matchId: number;
  /** 1 for the first round of the stage. */
  round: number;
  /** 1 or 2 in a two-legged tie; null for a single match. */
  leg: number | null;
  homeTeamId: number | null;
  awayTeamId: number | null;
  homeScore: number;
  awayScore: number;
  finished: boolean;
  /** Who went through when the score was level: extra time or a shoot-out in the deciding match. */
  winner?: 'home' | 'away' | null;
  startsAt: number;
}

export interface Tie {
  /** The first leg's home team first; null until a feeding tie is decided. */
  teams: [number | null, number | null];
  legs: KnockoutMatch[];
  /** Goals of `teams` over all legs played; null before a leg is played. */
  aggregate: [number, number] | null;
  winner: number | null;
}

export interface BracketRound {
  round: number;
  ties: Tie[];
}

export function buildBracket(matches: readonly KnockoutMatch[]): BracketRound[] {
  const byRound = new Map<number, KnockoutMatch[]>();
  for (const match of matches) byRound.set(match.round, [...(byRound.get(match.round) ?? []), match]);
  const roundNumbers = [...byRound.keys()].sort((a, b) => a - b);
  const first = roundNumbers[0];
  if (first === undefined) return [];

  const rounds: BracketRound[] = [];
  let previous = tiesOf(byRound.get(first) ?? []).sort(
    (a, b) =>
      (a.legs[0]?.startsAt ?? 0) - (b.legs[0]?.startsAt ?? 0) ||
      (a.legs[0]?.matchId ?? 0) - (b.legs[0]?.matchId ?? 0),
  );
  rounds.push({ round: first, ties: previous });
  for (let round = first + 1; previous.length > 1; round += 1) {
    previous = placeInSlots(tiesOf(byRound.get(round) ?? []), previous);
    rounds.push({ round, ties: previous });
  }
  return rounds;
}

/** The ties of one round: its matches grouped by the pair of teams. */
function tiesOf(matches: readonly KnockoutMatch[]): Tie[] {
  const ties = new Map<string, KnockoutMatch[]>();
  for (const match of matches) {
    const pair = [match.homeTeamId, match.awayTeamId].sort().join('-');
    ties.set(pair, [...(ties.get(pair) ?? []), match]);
  }
  return [...ties.values()].map((legs) =>
    decide(legs.sort((a, b) => (a.leg ?? 0) - (b.leg ?? 0) || a.startsAt - b.startsAt)),
  );
}

function decide(legs: KnockoutMatch[]): Tie {
  const firstLeg = legs[0] as KnockoutMatch;
  const teams: [number | null, number | null] = [firstLeg.homeTeamId, firstLeg.awayTeamId];
  const played = legs.filter((leg) => leg.finished || leg.homeScore + leg.awayScore > 0);
  const aggregate: [number, number] | null =
    played.length === 0
      ? null
      : played.reduce<[number, number]>(
          (sum, leg) =>
            leg.homeTeamId === teams[0]
              ? [sum[0] + leg.homeScore, sum[1] + leg.awayScore]
              : [sum[0] + leg.awayScore, sum[1] + leg.homeScore],
          [0, 0],
        );
  return { teams, legs, aggregate, winner: winnerOf(legs, teams, aggregate) };
}

/**
 * The winner once every leg is finished: more goals on aggregate (away goals count the same as
 * home goals, as in UEFA competitions since 2021-22); level on aggregate, whoever won the
 * deciding match after extra time or penalties.
 */
function winnerOf(
  legs: KnockoutMatch[],
  teams: [number | null, number | null],
  aggregate: [number, number] | null,
): number | null {
  const last = legs.at(-1);
  if (!last || !aggregate || !legs.every((leg) => leg.finished)) return null;
  if (aggregate[0] !== aggregate[1]) return aggregate[0] > aggregate[1] ? teams[0] : teams[1];
  if (last.winner === 'home') return last.homeTeamId;
  if (last.winner === 'away') return last.awayTeamId;
  return null;
}

/**
 * Orders a round's ties by the slot they fill: the winners of ties 2k and 2k+1 of the round before
 * meet in tie k. Slots with no match yet hold the winners known so far.
 */
function placeInSlots(ties: Tie[], feeders: Tie[]): Tie[] {
  const slots: (Tie | undefined)[] = Array.from({ length: Math.ceil(feeders.length / 2) });
  const unplaced: Tie[] = [];
  for (const tie of ties) {
    const feeder = feeders.findIndex((f) =>
      f.teams.some((team) => team !== null && tie.teams.includes(team)),
    );
    const slot = feeder === -1 ? -1 : Math.floor(feeder / 2);
    if (slot === -1 || slots[slot]) unplaced.push(tie);
    else slots[slot] = tie;
  }
  return slots.map((tie, slot) => {
    if (tie) return tie;
    const fromUnplaced = unplaced.shift();
    if (fromUnplaced) return fromUnplaced;
    return {
      teams: [feeders[slot * 2]?.winner ?? null, feeders[slot * 2 + 1]?.winner ?? null],
      legs: [],
      aggregate: null,
      winner: null,
    };
  });
}
