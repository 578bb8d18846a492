import { useMemo } from 'react';
import type { LeagueGroup, MatchSummary } from '../../../modules/matches/matches.contract';
import type { FoldedLeague } from './folded';
import { useLiveMatches } from './live';

/**
 * The live matches back under their leagues: the groups' order stays, a match that went live
 * meanwhile joins its league's group, or a new group after the others.
 */
export function regroup(groups: readonly LeagueGroup[], matches: readonly MatchSummary[]): LeagueGroup[] {
  const byLeague = new Map<number, LeagueGroup>(
    groups.map((group) => [group.league.id, { league: group.league, matches: [] }]),
  );
  for (const match of matches) {
    let group = byLeague.get(match.league.id);
    if (!group) {
      group = { league: match.league, matches: [] };
      byLeague.set(match.league.id, group);
    }
    group.matches.push(match);
  }
  return [...byLeague.values()].filter((group) => group.matches.length > 0);
}

/** League groups kept live over the score push; the matches of `folded` leagues stay out of them. */
export function useLiveGroups(groups: LeagueGroup[], topics: string[], folded: readonly FoldedLeague[]) {
  const initial = useMemo(() => groups.flatMap((group) => group.matches), [groups]);
  const hidden = useMemo(
    () => new Set(folded.flatMap((group) => group.matches.map((match) => match.id))),
    [folded],
  );
  const live = useLiveMatches(initial, topics, hidden);
  const liveGroups = useMemo(() => regroup(groups, live.matches), [groups, live.matches]);
  return { ...live, groups: liveGroups };
}
