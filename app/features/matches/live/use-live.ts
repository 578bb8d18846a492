import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { MatchSummary } from '../../../../modules/matches/matches.contract';
import { type ConnectionStatus, liveConnection, type MatchVersion } from './connection';
import type { LiveStore } from './live-store';

/** How long a changed score stays highlighted. */
export const HIGHLIGHT_MS = 3000;

const noop = () => () => {};

// Module-level, so React keeps one subscription per component instead of renewing it each render.
const listenStore = (listener: () => void) => liveConnection().store.listen(listener);
const storeVersion = () => liveConnection().store.version;
const listenStatus = (listener: () => void) => liveConnection().listenStatus(listener);
const currentStatus = () => liveConnection().status;

/** The store's version (null during the server render and hydration: the page's data is used). */
function useStoreVersion(): number | null {
  return useSyncExternalStore(listenStore, storeVersion, () => null);
}

function useStatus(): ConnectionStatus {
  return useSyncExternalStore(listenStatus, currentStatus, () => 'connecting');
}

const NONE: ReadonlySet<number> = new Set();

/**
 * The page's matches kept live: `initial` in its order with every pushed change, plus matches that
 * went live meanwhile in a `live` or `live:{gameId}` topic (but those the page keeps `folded`), and
 * the ids whose score just changed.
 */
export function useLiveMatches(
  initial: MatchSummary[],
  topics: string[],
  folded: ReadonlySet<number> = NONE,
): { matches: MatchSummary[]; changed: ReadonlySet<number>; status: ConnectionStatus } {
  const topicsKey = topics.join(' ');
  useEffect(() => liveConnection().store.seed(initial), [initial]);
  // Only a change of topics re-subscribes, however often the caller builds `initial` anew.
  useEffect(() => liveConnection().follow(topicsKey.split(' ').filter(Boolean)), [topicsKey]);
  const version = useStoreVersion();
  const status = useStatus();
  const [now, setNow] = useState(0);

  const { matches, changed, nextExpiry } = useMemo(() => {
    if (version === null) return { matches: initial, changed: new Set<number>(), nextExpiry: null };
    return liveView(liveConnection().store, initial, topicsKey.split(' '), now || Date.now(), folded);
  }, [initial, topicsKey, version, now, folded]);

  // Re-render when the oldest highlight runs out.
  useEffect(() => {
    if (nextExpiry === null) return noop();
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, nextExpiry - Date.now()));
    return () => clearTimeout(timer);
  }, [nextExpiry]);

  return { matches, changed, status };
}

/**
 * While the component is shown, holds back what the score push says of the match by `delay()` ms
 * (read as each update comes), on the whole page; of its recent `versions` (as given when the match is first held), the
 * one `delay()` old is shown first. Without a match, nothing is held. Components showing the match
 * start from its oldest version, which never overtakes the one shown.
 */
export function useMatchHold(
  matchId: number | null | undefined,
  delay: () => number,
  versions: readonly MatchVersion[] = [],
) {
  const read = useRef(delay);
  read.current = delay;
  const recent = useRef(versions);
  recent.current = versions;
  // Before the first paint, so the newest version is never drawn before the one the video shows.
  useLayoutEffect(
    () => (matchId ? liveConnection().hold(matchId, () => read.current(), recent.current) : undefined),
    [matchId],
  );
}

export function useLiveMatch(initial: MatchSummary): {
  match: MatchSummary;
  changed: boolean;
  status: ConnectionStatus;
} {
  const list = useMemo(() => [initial], [initial]);
  const { matches, changed, status } = useLiveMatches(list, [`match:${initial.id}`]);
  return { match: matches[0] ?? initial, changed: changed.has(initial.id), status };
}

/** The list as the page shows it now (pure, for the hooks and their tests). */
export function liveView(
  store: LiveStore,
  initial: readonly MatchSummary[],
  topics: readonly string[],
  now: number,
  folded: ReadonlySet<number> = NONE,
): { matches: MatchSummary[]; changed: Set<number>; nextExpiry: number | null } {
  const newest = (match: MatchSummary) => {
    const held = store.get(match.id);
    return held && held.seq > match.seq ? held : match;
  };
  const matches = initial.map(newest);
  const shown = new Set([...matches.map((match) => match.id), ...folded]);
  const liveGames = topics.filter((topic) => topic.startsWith('live'));
  if (liveGames.length > 0) {
    const wanted = (match: MatchSummary) =>
      match.status === 'in_progress' &&
      !shown.has(match.id) &&
      liveGames.some((topic) => topic === 'live' || topic === `live:${match.gameId}`);
    const joined = [...store.all()].filter(wanted).sort((a, b) => a.startTime - b.startTime);
    matches.push(...joined);
  }
  const changed = new Set<number>();
  let nextExpiry: number | null = null;
  for (const match of matches) {
    const at = store.scoreChangedAt(match.id);
    if (at === undefined || now - at >= HIGHLIGHT_MS) continue;
    changed.add(match.id);
    nextExpiry = Math.min(nextExpiry ?? Number.POSITIVE_INFINITY, at + HIGHLIGHT_MS);
  }
  return { matches, changed, nextExpiry };
}
