import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { Page } from '../../../lib/paging';
import type { MatchSummary } from '../../../modules/matches/matches.contract';
import { useApi } from '../../lib/api';
import { usePreferences } from '../../lib/preferences';
import { useFollowMarks } from './follow-buttons';
import { liveConnection } from './live/connection';

const REFRESH_MS = 5 * 60_000;

/**
 * The ids of followed matches whose goals went up since `seen` last held them; `seen` then holds
 * every match's total. A match seen for the first time scored nothing yet.
 */
export function newGoals(
  seen: Map<number, number>,
  matches: Iterable<MatchSummary>,
  followed: (match: MatchSummary) => boolean,
): number[] {
  const scored: number[] = [];
  for (const match of matches) {
    const total = match.score.home + match.score.away;
    const before = seen.get(match.id);
    seen.set(match.id, total);
    if (before !== undefined && total > before && followed(match)) scored.push(match.id);
  }
  return scored;
}

/** A short two-note chime, made by the browser (no sound file to load). */
function playGoalChime() {
  const AudioContextClass = window.AudioContext;
  if (!AudioContextClass) return;
  const audio = new AudioContextClass();
  for (const [frequency, start] of [
    [880, 0],
    [1320, 0.18],
  ] as const) {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.2, audio.currentTime + start);
    volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + start + 0.35);
    tone.connect(volume).connect(audio.destination);
    tone.start(audio.currentTime + start);
    tone.stop(audio.currentTime + start + 0.35);
  }
  setTimeout(() => void audio.close(), 1000);
}

/**
 * For a signed-in user with the goal sound on: a chime on every goal of a favourite match or of a
 * favourite team's match, on whatever page is open. Favourite matches in progress are followed
 * on the score push even where the page does not show them.
 */
export function GoalSound() {
  const { goalSound } = usePreferences();
  return goalSound ? <GoalListener /> : null;
}

function GoalListener() {
  const api = useApi();
  const marks = useFollowMarks();
  const { data } = useQuery({
    queryKey: ['favourite-matches', 'live'],
    queryFn: () => api.get<Page<MatchSummary>>('/match/attention', { query: { pageSize: 50 }, quiet: true }),
    refetchInterval: REFRESH_MS,
  });
  const topicsKey = (data?.list ?? [])
    .filter((match) => match.status === 'in_progress')
    .map((match) => `match:${match.id}`)
    .join(' ');
  useEffect(() => (topicsKey ? liveConnection().follow(topicsKey.split(' ')) : undefined), [topicsKey]);

  const followed = useMemo(() => {
    const matches = new Set(marks.matches);
    const teams = new Set(marks.teams);
    return (match: MatchSummary) =>
      matches.has(match.id) ||
      (match.home !== null && teams.has(match.home.id)) ||
      (match.away !== null && teams.has(match.away.id));
  }, [marks]);

  useEffect(() => {
    const { store } = liveConnection();
    const seen = new Map<number, number>();
    newGoals(seen, store.all(), followed);
    return store.listen(() => {
      if (newGoals(seen, store.all(), followed).length > 0) playGoalChime();
    });
  }, [followed]);
  return null;
}
