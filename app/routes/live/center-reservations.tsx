import { useState } from 'react';
import type { ScheduleEntry, ToggleMatchResult } from '../../../modules/live/live.contract';
import type { MatchSummary } from '../../../modules/matches/matches.contract';
import { buttonClass, Card, EmptyState, ErrorState, Skeleton, smallButtonClass } from '../../components/ui';
import { MatchPicker } from '../../features/live/match-picker';
import { NeedsApproval } from '../../features/live/needs-approval';
import { useLiveCall } from '../../features/live/use-live-call';
import { MatchRow } from '../../features/matches/match-row';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';

/** /anchorCenter/reservations: the matches the anchor will commentate; viewers can reserve them. */
export default function AnchorReservations() {
  const { t } = useTranslation('live');
  const api = useApi();
  const reservations = useLiveCall<ScheduleEntry[]>('/anchor/reservations');
  const [picking, setPicking] = useState(false);
  async function reserve(match: MatchSummary) {
    try {
      await api.post<ToggleMatchResult>('/anchor/toggleMatchId', { matchId: match.id });
      reservations.reload();
    } catch {
      // The API client has shown the failure.
    }
  }
  async function cancel(matchId: number) {
    try {
      await api.post('/anchor/cancelReservation', { matchId });
      reservations.reload();
    } catch {
      // The API client has shown the failure.
    }
  }
  return (
    <Card
      title={t('center.tabs.reservations')}
      id="reservations-title"
      actions={
        <button type="button" className={buttonClass.primary} onClick={() => setPicking(true)}>
          {t('reservations.add')}
        </button>
      }
    >
      {reservations.failed === 'refused' ? (
        <NeedsApproval />
      ) : reservations.failed ? (
        <ErrorState onRetry={reservations.reload} />
      ) : !reservations.data ? (
        <Skeleton className="h-32 w-full" />
      ) : reservations.data.length === 0 ? (
        <EmptyState title={t('reservations.empty')} hint={t('reservations.hint')} />
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {reservations.data.map((entry) => (
            <MatchRow
              key={entry.id}
              match={entry.match}
              league={entry.match.league.name}
              actions={
                <button
                  type="button"
                  className={`relative z-10 ${smallButtonClass.secondary}`}
                  onClick={() => cancel(entry.match.id)}
                >
                  {t('reservations.cancel')}
                </button>
              }
            />
          ))}
        </ul>
      )}
      <MatchPicker open={picking} gameId={undefined} onClose={() => setPicking(false)} onPick={reserve} />
    </Card>
  );
}
