import type { TFunction } from '../../../lib/translate';
import type { IncidentView, MatchSummary } from '../../../modules/matches/matches.contract';
import { useTranslation } from '../../i18n/translations';
import { periodName } from './periods';

/** Incidents that mark the match's course rather than one side: shown across the middle. */
const DIVIDERS = new Set([
  'match_started',
  'period_ended',
  'overtime_started',
  'match_finished',
  'added_time',
]);
/** Told by the divider that follows it. */
const HIDDEN = new Set(['period_started']);

/** The minute shown for an incident: 67', 45+2', or the period where minutes mean nothing. */
export function incidentTime(t: TFunction, incident: IncidentView): string {
  if (incident.minute === null) return periodName(t, incident.period);
  return incident.addedMinute ? `${incident.minute}+${incident.addedMinute}'` : `${incident.minute}'`;
}

/**
 * The match's incidents, newest first: home on the start side, away on the end side (mirrored in
 * right-to-left languages), the course of the match across the middle.
 */
export function Timeline({ incidents, summary }: { incidents: IncidentView[]; summary: MatchSummary }) {
  const { t } = useTranslation('match');
  const shown = incidents.filter((incident) => !HIDDEN.has(incident.type)).reverse();
  if (shown.length === 0)
    return <p className="py-6 text-center text-sm text-zinc-500 dark:text-zinc-400">{t('timeline.empty')}</p>;
  return (
    <ol className="flex flex-col gap-1" aria-label={t('timeline.title')}>
      {shown.map((incident) =>
        DIVIDERS.has(incident.type) || incident.side === null ? (
          <li
            key={incident.seq}
            className="my-1 rounded-full bg-zinc-100 px-3 py-1 text-center text-xs font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300"
          >
            {dividerText(t, incident)}
          </li>
        ) : (
          <li
            key={incident.seq}
            data-side={incident.side}
            className={`flex items-center gap-2 py-1.5 ${incident.side === 'away' ? 'flex-row-reverse text-end' : ''}`}
          >
            {/* 45+2' reads left to right in every language. */}
            <span
              dir="ltr"
              className="w-12 shrink-0 text-center text-xs font-semibold tabular-nums text-zinc-500 dark:text-zinc-400"
            >
              {incidentTime(t, incident)}
            </span>
            <IncidentIcon type={incident.type} />
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-medium">
                {incident.player?.name ??
                  t(`timeline.types.${incident.type}`, { defaultValue: incident.type })}
                {incident.score && (
                  <span className="mx-1.5 tabular-nums text-zinc-500 dark:text-zinc-400">
                    ({incident.score.home} – {incident.score.away})
                  </span>
                )}
              </span>
              <span className="block text-xs text-zinc-500 dark:text-zinc-400">
                {detailText(t, incident, summary)}
              </span>
            </span>
          </li>
        ),
      )}
    </ol>
  );
}

function dividerText(t: TFunction, incident: IncidentView): string {
  const score = incident.score ? ` ${incident.score.home} – ${incident.score.away}` : '';
  switch (incident.type) {
    case 'period_ended':
      return t('timeline.periodEnded', { period: periodName(t, incident.period) }) + score;
    case 'added_time':
      return t('timeline.addedTime', { count: incident.value ?? 0 });
    default:
      return t(`timeline.types.${incident.type}`, { defaultValue: incident.type }) + score;
  }
}

/** What the incident was, with the second player (assist, player off) and its number. */
function detailText(t: TFunction, incident: IncidentView, summary: MatchSummary): string {
  const kind = t(`timeline.types.${incident.type}`, { defaultValue: incident.type });
  const parts = [incident.player ? kind : (incident.side && summary[incident.side]?.shortName) || ''];
  if (incident.secondPlayer)
    parts.push(
      t(incident.type === 'substitution' ? 'timeline.playerOff' : 'timeline.assist', {
        name: incident.secondPlayer.name,
      }),
    );
  if (incident.value !== null && VALUE_KEYS[incident.type])
    parts.push(t(VALUE_KEYS[incident.type] as string, { count: incident.value }));
  return parts.filter(Boolean).join(' · ');
}

/** Incidents whose number says something: points, runs, the break's size, the set or map won. */
const VALUE_KEYS: Record<string, string> = {
  touchdown: 'timeline.points',
  field_goal: 'timeline.points',
  safety: 'timeline.points',
  home_run: 'timeline.runs',
  century_break: 'timeline.points',
  set_won: 'timeline.number',
  game_won: 'timeline.number',
  frame_won: 'timeline.number',
  map_won: 'timeline.number',
  wicket: 'timeline.wickets',
};

/** A small drawn mark for the kind of incident; decorative, the text says what it was. */
function IncidentIcon({ type }: { type: string }) {
  const common = 'size-5 shrink-0';
  if (type === 'yellow_card' || type === 'red_card')
    return (
      <span aria-hidden="true" className={`${common} flex items-center justify-center`}>
        <span className={`h-4 w-3 rounded-sm ${type === 'red_card' ? 'bg-red-600' : 'bg-yellow-400'}`} />
      </span>
    );
  if (type === 'substitution')
    return (
      <svg viewBox="0 0 20 20" aria-hidden="true" className={common} fill="none" strokeWidth="2">
        <path d="M6 16V5m0 0L3 8m3-3 3 3" className="stroke-emerald-600" />
        <path d="M14 4v11m0 0 3-3m-3 3-3-3" className="stroke-red-600" />
      </svg>
    );
  if (type === 'penalty_missed' || type === 'shootout_missed')
    return (
      <svg viewBox="0 0 20 20" aria-hidden="true" className={common} fill="none" strokeWidth="2">
        <circle cx="10" cy="10" r="7" className="stroke-zinc-400" />
        <path d="m6 6 8 8m0-8-8 8" className="stroke-red-600" />
      </svg>
    );
  if (SCORING.has(type))
    return (
      <svg viewBox="0 0 20 20" aria-hidden="true" className={common}>
        <circle
          cx="10"
          cy="10"
          r="8"
          className={type === 'own_goal' ? 'fill-red-600' : 'fill-zinc-900 dark:fill-white'}
        />
        <path d="m10 5 4 3-1.5 4.5h-5L6 8z" className="fill-white dark:fill-zinc-900" />
      </svg>
    );
  if (type === 'map_won' || type === 'set_won' || type === 'game_won' || type === 'frame_won')
    return (
      <svg viewBox="0 0 20 20" aria-hidden="true" className={common}>
        <path d="M5 3h10v4a5 5 0 0 1-10 0zM8 14h4v3H8z" className="fill-amber-500" />
      </svg>
    );
  return (
    <span aria-hidden="true" className={`${common} flex items-center justify-center`}>
      <span className="size-2 rounded-full bg-brand" />
    </span>
  );
}

const SCORING = new Set([
  'goal',
  'own_goal',
  'penalty_goal',
  'shootout_scored',
  'touchdown',
  'field_goal',
  'safety',
  'home_run',
  'century_break',
  'first_blood',
  'objective_taken',
  'wicket',
  'break_of_serve',
]);
