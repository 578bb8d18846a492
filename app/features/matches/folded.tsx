import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { LeagueGroup, LeagueRef } from '../../../modules/matches/matches.contract';
import { Icon } from '../../components/icon';
import { useApi } from '../../lib/api';
import { LeagueTitle } from './match-lists';

/** A match of a folded league: enough for a link (for crawlers, and before the script runs). */
export interface MatchLink {
  id: number;
  game: string;
  name: string;
}

/** A league past the first screens of a list: its header, and its matches as plain links. */
export interface FoldedLeague {
  league: LeagueRef;
  matches: MatchLink[];
}

/** The query of `GET /java/match/groups` that answers a folded list whole (decision 033). */
export type WholeListQuery = Record<string, string | number | undefined>;

const NONE: FoldedLeague[] = [];

/**
 * The list's groups, with the folded leagues replaced by the whole list once `unfold` is called:
 * one call for every league of the list, made once per list. Until it answers, or if it fails,
 * the folded leagues stay as they are, and the next `unfold` tries again. `foldedList` shows them.
 */
export function useUnfolded(groups: LeagueGroup[], folded: FoldedLeague[], whole: WholeListQuery | null) {
  const api = useApi();
  const key = JSON.stringify(whole);
  const [asked, setAsked] = useState<string | null>(null);
  const { data, refetch, isError } = useQuery({
    queryKey: ['match-groups', key],
    queryFn: () => api.get<LeagueGroup[]>('/match/groups', { query: whole ?? {}, quiet: true }),
    enabled: whole !== null && asked === key,
  });
  const unfold = useCallback(() => {
    if (whole === null) return;
    if (isError) refetch();
    else setAsked(key);
  }, [whole, key, isError, refetch]);
  const shown = data && asked === key ? { groups: data, folded: NONE } : { groups, folded };
  return {
    ...shown,
    unfold,
    foldedList: shown.folded.length > 0 && <FoldedLeagues folded={shown.folded} onUnfold={unfold} />,
  };
}

/** The list with its folded leagues, as `useUnfolded` gives it. */
export type UnfoldedList = ReturnType<typeof useUnfolded>;

/** How far below the screen the folded leagues start loading, so the visitor rarely waits. */
const NEAR = '0px 0px 1200px 0px';

/**
 * The leagues past the first screens, each folded to its header and count. Coming near them, or
 * opening one, loads the whole list in their place; until then each opens to links to its matches.
 */
function FoldedLeagues({ folded, onUnfold }: { folded: FoldedLeague[]; onUnfold: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = box.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onUnfold();
      },
      { rootMargin: NEAR },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [onUnfold]);
  return (
    <div ref={box} className="flex flex-col gap-3">
      {folded.map(({ league, matches }) => (
        <details key={league.id} onToggle={onUnfold} className="league-box group">
          <summary className="league-head">
            <LeagueTitle league={league} game={matches[0]?.game} count={matches.length} />
            <Icon size={16} className="shrink-0 text-zinc-500 group-open:rotate-180">
              <path d="M6 9l6 6 6-6" />
            </Icon>
          </summary>
          <ul className="folded-links">
            {matches.map((match) => (
              <li key={match.id}>
                <Link to={`/${match.game}/${match.id}`} discover="none">
                  {match.name}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </div>
  );
}
