import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import type { FollowMarks } from '../../../modules/matches/follows.contract';
import type { LeagueGroup, LeagueRef, MatchSummary } from '../../../modules/matches/matches.contract';
import { Icon } from '../../components/icon';
import { useTranslation } from '../../i18n/translations';
import { FavouriteButton, FollowButtons, STAR, useFollowMarks } from './follow-buttons';
import { MatchRow } from './match-row';

export interface RowExtras {
  /** Ids whose score changed a moment ago: their rows flash. */
  changed?: ReadonlySet<number>;
  /** Every row shows its period scores, on a phone too (the results view). */
  showPeriods?: boolean;
}

const rowsClass = 'divide-y divide-zinc-100 dark:divide-zinc-800';

/**
 * The names of the lists' regions ('world', 'US') in the page language, from the page's loader
 * (`groupsOrFailure`): made on the server, so that the page hydrates as it was rendered.
 */
export const RegionNames = createContext<Record<string, string>>({});

/**
 * What heads a league's box in a list: its logo, region and name, and how many matches it has
 * (`game` names the logo of a league without one).
 */
export function LeagueTitle({
  league,
  game,
  count,
  id,
}: {
  league: LeagueRef;
  game: string | undefined;
  count: number;
  id?: string;
}) {
  const region = useContext(RegionNames)[league.region] ?? league.region;
  return (
    <>
      <img src={league.logo ?? `/games/${game ?? 'esportsother'}.svg`} alt="" width={18} height={18} />
      <h3 id={id}>
        <span>{region}: </span>
        {league.name}
      </h3>
      <span>{count}</span>
    </>
  );
}

/** A league's header (with its favourite star) and its matches, by kick-off time. */
export function LeagueMatches({ group, changed, showPeriods }: { group: LeagueGroup } & RowExtras) {
  const { league, matches } = group;
  const headingId = `league-${league.id}`;
  return (
    <section aria-labelledby={headingId} className="league-box">
      <header className="league-head border-b border-zinc-100 dark:border-zinc-800">
        <LeagueTitle league={league} game={matches[0]?.game} count={matches.length} id={headingId} />
        <FavouriteButton kind="league" id={league.id} />
      </header>
      <ul className={rowsClass}>
        {matches.map((match) => (
          <MatchRow
            key={match.id}
            match={match}
            changed={changed?.has(match.id)}
            showPeriods={showPeriods}
            actions={<FollowButtons match={match} />}
          />
        ))}
      </ul>
    </section>
  );
}

/** Matches grouped under their leagues, most prominent league first. */
export function GroupedMatches({ groups, ...extras }: { groups: LeagueGroup[] } & RowExtras) {
  return (
    <div className="flex flex-col gap-3">
      {groups.map((group) => (
        <LeagueMatches key={group.league.id} group={group} {...extras} />
      ))}
    </div>
  );
}

/** Rows by kick-off time, each naming its league. */
function TimedRows({ matches, changed, showPeriods }: { matches: MatchSummary[] } & RowExtras) {
  return matches.map((match) => (
    <MatchRow
      key={match.id}
      match={match}
      changed={changed?.has(match.id)}
      showPeriods={showPeriods}
      league={match.league.name}
      actions={<FollowButtons match={match} />}
    />
  ));
}

/** One flat list by kick-off time, each row naming its league. */
export function MatchesByTime({ matches, ...extras }: { matches: MatchSummary[] } & RowExtras) {
  return (
    <ul className={`league-box ${rowsClass}`}>
      <TimedRows matches={matches} {...extras} />
    </ul>
  );
}

const byKickOff = (a: MatchSummary, b: MatchSummary) => a.startTime - b.startTime || a.id - b.id;

/** Whether a match is one of the fan's favourites, or a match of one of their favourite teams. */
function isPinned(match: MatchSummary, marks: FollowMarks): boolean {
  if (marks.matches.includes(match.id)) return true;
  const teams = match.lobby ? match.lobby.map((standing) => standing.team) : [match.home, match.away];
  return teams.some((team) => team && marks.teams.includes(team.id));
}

/**
 * The fan's pinned matches by kick-off time, and the groups without them: each match is listed
 * once, in the pinned group if it belongs there.
 */
export function splitPinned(
  groups: readonly LeagueGroup[],
  marks: FollowMarks,
): { pinned: MatchSummary[]; rest: LeagueGroup[] } {
  const pinned: MatchSummary[] = [];
  const rest: LeagueGroup[] = [];
  for (const group of groups) {
    const others = group.matches.filter((match) => {
      if (!isPinned(match, marks)) return true;
      pinned.push(match);
      return false;
    });
    if (others.length > 0)
      rest.push(others.length === group.matches.length ? group : { ...group, matches: others });
  }
  return { pinned: pinned.sort(byKickOff), rest };
}

/**
 * A list of matches, by league or (with `byTime`) by kick-off time, with the signed-in fan's
 * favourite matches and their favourite teams' matches pinned first under their own heading. The
 * pins follow the fan's stars as they change them; `marks` is what the loader read for the server render.
 */
export function PinnedMatchList({
  groups,
  folded,
  onFavourites,
  marks,
  byTime = false,
  ...extras
}: {
  groups: LeagueGroup[];
  /** What follows the list: the leagues folded past the first screens. */
  folded?: ReactNode;
  /** Called when the fan has favourites: a pin may be among what is folded. */
  onFavourites?: () => void;
  marks: FollowMarks | null;
  byTime?: boolean;
} & RowExtras) {
  const { t } = useTranslation('matches');
  const current = useFollowMarks(marks);
  const { pinned, rest } = useMemo(() => splitPinned(groups, current), [groups, current]);
  const hasFavourites = current.matches.length > 0 || current.teams.length > 0;
  useEffect(() => {
    if (hasFavourites) onFavourites?.();
  }, [hasFavourites, onFavourites]);
  const restList = byTime ? (
    <MatchesByTime matches={rest.flatMap((group) => group.matches).sort(byKickOff)} {...extras} />
  ) : (
    <GroupedMatches groups={rest} {...extras} />
  );
  if (pinned.length === 0)
    return folded ? (
      <div className="flex flex-col gap-3">
        {restList}
        {folded}
      </div>
    ) : (
      restList
    );
  return (
    <div className="flex flex-col gap-3">
      <section
        aria-labelledby="pinned-matches"
        className={`league-box ring-1 ring-amber-300 dark:ring-amber-500/40`}
      >
        <header className="flex items-center gap-2 border-b border-amber-100 bg-amber-50 px-3 py-1.5 dark:border-amber-500/20 dark:bg-amber-500/10">
          <Icon size={18} className="shrink-0 fill-current text-amber-500 dark:text-amber-400">
            {STAR}
          </Icon>
          <h2 id="pinned-matches" className="min-w-0 truncate text-sm font-semibold">
            {t('list.pinned')}
          </h2>
          <span className="ms-auto shrink-0 text-xs tabular-nums text-zinc-500 dark:text-zinc-400">
            {pinned.length}
          </span>
        </header>
        <ul className={rowsClass}>
          <TimedRows matches={pinned} {...extras} />
        </ul>
      </section>
      {rest.length > 0 && restList}
      {folded}
    </div>
  );
}

/**
 * Says the new score of a match that just changed, politely, for screen readers: one voice for
 * the whole list rather than one per row.
 */
export function ScoreAnnouncer({
  matches,
  changed,
}: {
  matches: MatchSummary[];
  changed: ReadonlySet<number>;
}) {
  const { t } = useTranslation('matches');
  const latest = matches.find((match) => changed.has(match.id) && match.home && match.away);
  return (
    <p aria-live="polite" className="sr-only">
      {latest?.home && latest.away
        ? t('row.scoreNow', {
            home: latest.home.name,
            away: latest.away.name,
            homeScore: latest.score.home,
            awayScore: latest.score.away,
          })
        : ''}
    </p>
  );
}
