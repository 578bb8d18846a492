import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { TFunction } from '../../../lib/translate';
import type { MatchSummary, TeamRef } from '../../../modules/matches/matches.contract';
import { Icon } from '../../components/icon';
import { useTranslation } from '../../i18n/translations';
import { liveClockText } from './clock';
import { ShowScoreButton, useScoreShown } from './spoiler';
import { KickOff, usePageTime } from './time';

/** A period code in the row's short words ("Q3", "第2盘", "Map 2"); a code without words stays as it is. */
export function periodLabel(t: TFunction, code: string): string {
  const parts = /^([A-Z]+)(\d*)$/.exec(code);
  if (!parts) return code;
  return t(`matches:clock.${parts[1]}`, { n: Number(parts[2]), defaultValue: code });
}

/**
 * The compact period scores of a row: the half-time score in soccer, else each quarter, set,
 * inning or map ("25-22 30-28"). Empty before anything is to show.
 */
export function periodSummary(t: TFunction, match: MatchSummary): string {
  const played = match.periods.filter((cell) => cell.home !== null || cell.away !== null);
  if (match.game === 'soccer') {
    const firstHalf = played[0];
    const halfTimeReached = played.length > 1 || match.status === 'finished';
    return firstHalf && halfTimeReached
      ? t('matches:row.halfTime', { score: `${firstHalf.home ?? 0}-${firstHalf.away ?? 0}` })
      : '';
  }
  if (played.length < 2 && match.status !== 'finished') return '';
  return played.map((cell) => `${cell.home ?? '-'}-${cell.away ?? '-'}`).join(' ');
}

/** What stands where the kick-off time is: the live clock, or the status in words. */
export function MatchStatus({ match }: { match: MatchSummary }) {
  const { t } = useTranslation('matches');
  const { now } = usePageTime();
  switch (match.status) {
    case 'in_progress': {
      const clock = liveClockText(match, now, (period) => periodLabel(t, period)) ?? t('status.live');
      return (
        <span className="flex items-center gap-1 font-semibold text-brand-ink">
          <span aria-hidden="true" className="size-1.5 shrink-0 animate-pulse rounded-full bg-brand" />
          <span className="sr-only">{t('status.live')}</span>
          {/* A bare minute keeps its mark after the digits (67') on right-to-left pages too. */}
          <bdi dir={/\p{L}/u.test(clock) ? 'auto' : 'ltr'} className="truncate">
            {clock}
          </bdi>
        </span>
      );
    }
    case 'not_started':
      return <KickOff at={match.startTime} />;
    case 'finished':
      return <span className="text-zinc-500 dark:text-zinc-400">{t('status.finished')}</span>;
    default:
      return (
        <span className="text-amber-700 dark:text-amber-400">
          {t(match.status === 'postponed' ? 'status.postponed' : 'status.cancelled')}
        </span>
      );
  }
}

function TeamName({ team, won, className = '' }: { team: TeamRef; won: boolean; className?: string }) {
  return (
    <span className={`team-name ${won ? 'font-semibold' : ''} ${className}`}>
      <TeamLogo team={team} />
      <span className="truncate">{team.name}</span>
    </span>
  );
}

/** A team's logo, or its initials on a neutral disc when it has none. */
export function TeamLogo({ team, size = 20 }: { team: TeamRef; size?: number }) {
  if (team.logo)
    return <img src={team.logo} alt="" width={size} height={size} className="shrink-0 object-contain" />;
  return (
    <span aria-hidden="true" style={{ width: size, height: size }} className="team-initials">
      {team.shortName.slice(0, 2)}
    </span>
  );
}

/** The link text of a row: who plays, for screen readers and the stretched link. */
function matchName(t: TFunction, match: MatchSummary): string {
  if (match.home && match.away)
    return t('matches:row.match', { home: match.home.name, away: match.away.name });
  return t('matches:row.lobby', { league: match.league.name });
}

/**
 * One match in a list: time or live clock, the teams (or the lobby leader in battle royale), the
 * score and the compact period scores, linking to the match page. A score that just changed
 * flashes the row. `actions` holds the row's own buttons (favourite, reservation).
 */
export function MatchRow({
  match,
  changed = false,
  league,
  showPeriods = false,
  actions,
}: {
  match: MatchSummary;
  changed?: boolean;
  /** The period scores show on a phone too, not only after a tap. */
  showPeriods?: boolean;
  /** Shown under the time where rows of many leagues mix. */
  league?: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('matches');
  const [opened, setExpanded] = useState(false);
  const expanded = opened || showPeriods;
  const [scoreShown, showScore] = useScoreShown(match.id);
  const periods = scoreShown ? periodSummary(t, match) : null;
  const live = match.status === 'in_progress';
  const hasScore = live || match.status === 'finished';
  const flash = changed && scoreShown;
  const scoreClass = `tabular-nums font-semibold ${live ? 'text-brand-ink' : ''}`;
  const periodsId = `periods-${match.id}`;
  return (
    <li
      data-match={match.id}
      data-status={match.status}
      data-changed={flash || undefined}
      className={flash ? 'match-row bg-amber-100 duration-150 dark:bg-amber-500/20' : 'match-row'}
    >
      <div className="text-xs [grid-area:status] sm:text-sm">
        <MatchStatus match={match} />
        {league && (
          <span className="block truncate text-[11px] text-zinc-500 dark:text-zinc-400">{league}</span>
        )}
      </div>
      <Link
        to={`/${match.game}/${match.id}`}
        prefetch="intent"
        className="absolute inset-0 rounded focus-visible:outline-offset-[-2px]"
      >
        <span className="sr-only">{matchName(t, match)}</span>
      </Link>
      {match.lobby ? (
        <LobbyLeader match={match} />
      ) : (
        match.home &&
        match.away && (
          <>
            <TeamName
              team={match.home}
              won={match.winner === 'home'}
              className="[grid-area:home] sm:flex-row-reverse sm:text-end"
            />
            <TeamName team={match.away} won={match.winner === 'away'} className="[grid-area:away]" />
            {hasScore && !scoreShown ? (
              <ShowScoreButton onShow={showScore} className="justify-self-end [grid-area:hs]" />
            ) : (
              <span className={`${scoreClass} text-end [grid-area:hs]`}>
                {hasScore ? match.score.home : ''}
              </span>
            )}
            <span aria-hidden="true" className="hidden text-zinc-400 [grid-area:dash] sm:block">
              {hasScore ? (scoreShown ? '-' : '') : 'vs'}
            </span>
            <span className={`${scoreClass} text-end [grid-area:as] sm:text-start`}>
              {hasScore && scoreShown ? match.score.away : ''}
            </span>
          </>
        )
      )}
      {periods && (
        <span
          id={periodsId}
          className={`truncate text-xs text-zinc-500 [grid-area:periods] sm:block dark:text-zinc-400 ${expanded ? 'block ps-[4.25rem]' : 'hidden'} sm:ps-0`}
        >
          {periods}
        </span>
      )}
      <div className="relative flex items-center gap-1 [grid-area:actions]">
        {periods && !showPeriods && (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={periodsId}
            aria-label={t('row.showPeriods')}
            onClick={() => setExpanded((open) => !open)}
            className="periods-toggle"
          >
            <Icon size={16} className={expanded ? 'rotate-180' : undefined}>
              <path d="M6 9l6 6 6-6" />
            </Icon>
          </button>
        )}
        {actions}
      </div>
    </li>
  );
}

/** A battle-royale lobby: its leader and points where a head-to-head row has its teams. */
function LobbyLeader({ match }: { match: MatchSummary }) {
  const { t } = useTranslation('matches');
  // Before the first game every team has nothing: the lobby has no leader yet.
  const started = match.status === 'in_progress' || match.status === 'finished';
  const leader = started ? match.lobby?.[0] : undefined;
  const runnerUp = started ? match.lobby?.[1] : undefined;
  return (
    <>
      <span className="team-name [grid-area:home] sm:col-span-5 sm:[grid-area:auto]">
        {leader ? (
          <>
            <span className="shrink-0 rounded bg-amber-100 px-1 text-xs font-semibold text-amber-800 dark:bg-amber-500/20 dark:text-amber-300">
              {t('row.leader')}
            </span>
            <TeamLogo team={leader.team} />
            <span className="truncate font-medium">{leader.team.name}</span>
            <span className="shrink-0 tabular-nums text-brand-ink">
              {t('row.points', { count: leader.points })}
            </span>
          </>
        ) : (
          <span className="truncate">{t('row.lobby', { league: match.league.name })}</span>
        )}
      </span>
      {runnerUp && (
        <span className="truncate text-xs text-zinc-500 [grid-area:away] sm:hidden dark:text-zinc-400">
          2. {runnerUp.team.name} · {t('row.points', { count: runnerUp.points })}
        </span>
      )}
    </>
  );
}
