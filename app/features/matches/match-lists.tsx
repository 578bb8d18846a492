import { useTranslation } from 'react-i18next';
import type { LeagueGroup, MatchSummary } from '../../../modules/matches/matches.contract';
import { FavouriteButton, FollowButtons } from './follow-buttons';
import { MatchRow } from './match-row';

export interface RowExtras {
  /** Ids whose score changed a moment ago: their rows flash. */
  changed?: ReadonlySet<number>;
  /** Every row shows its period scores, on a phone too (the results view). */
  showPeriods?: boolean;
}

const boxClass = 'overflow-hidden rounded-xl bg-white shadow-sm dark:bg-zinc-900';
const rowsClass = 'divide-y divide-zinc-100 dark:divide-zinc-800';

/** A league's header (with its favourite star) and its matches, by kick-off time. */
export function LeagueMatches({ group, changed, showPeriods }: { group: LeagueGroup } & RowExtras) {
  const { league, matches } = group;
  const headingId = `league-${league.id}`;
  return (
    <section aria-labelledby={headingId} className={boxClass}>
      <header className="flex items-center gap-2 border-b border-zinc-100 bg-zinc-50 px-3 py-1.5 dark:border-zinc-800 dark:bg-zinc-800/50">
        <img
          src={league.logo ?? `/games/${matches[0]?.game ?? 'esportsother'}.svg`}
          alt=""
          width={18}
          height={18}
          className="shrink-0"
        />
        <h3 id={headingId} className="min-w-0 truncate text-sm font-semibold">
          <span className="text-zinc-500 dark:text-zinc-400">{league.region}: </span>
          {league.name}
        </h3>
        <span className="ms-auto shrink-0 text-xs tabular-nums text-zinc-500 dark:text-zinc-400">
          {matches.length}
        </span>
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

/** One flat list by kick-off time, each row naming its league. */
export function MatchesByTime({ matches, changed }: { matches: MatchSummary[] } & RowExtras) {
  return (
    <ul className={`${boxClass} ${rowsClass}`}>
      {matches.map((match) => (
        <MatchRow
          key={match.id}
          match={match}
          changed={changed?.has(match.id)}
          league={match.league.name}
          actions={<FollowButtons match={match} />}
        />
      ))}
    </ul>
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
