import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { Reservation, ReservationPage } from '../../../modules/matches/follows.contract';
import type { MatchSummary } from '../../../modules/matches/matches.contract';
import { useTranslation } from '../../i18n/translations';
import { useApi, useToasts } from '../../lib/api';
import { RESERVATIONS_KEY } from './follow-buttons';
import { useLiveMatches } from './live';

/** Reservations starting within this time are followed live. */
const SOON_MS = 3 * 3_600_000;
const REFRESH_MS = 5 * 60_000;

/**
 * For a signed-in user on any page: follows their reserved matches that start soon (or have just
 * started and were not announced yet) and, when one is in progress, says so in the page and, if
 * they allowed it, with a browser notification. The server remembers the announcement, so other
 * pages and tabs stay quiet.
 */
export function ReservationAlerts() {
  const api = useApi();
  const { data } = useQuery({
    queryKey: [...RESERVATIONS_KEY, 'alerts'],
    queryFn: async () => {
      const pages = await Promise.all(
        (['in_progress', 'not_started'] as const).map((state) =>
          api.get<ReservationPage>('/match/reservation', { query: { state, pageSize: 50 }, quiet: true }),
        ),
      );
      const until = Date.now() + SOON_MS;
      return pages
        .flatMap((page) => page.list)
        .filter((r) => r.notifiedAt === null && r.match.startTime < until);
    },
    refetchInterval: REFRESH_MS,
  });
  return data && data.length > 0 ? <Announcer reservations={data} /> : null;
}

function Announcer({ reservations }: { reservations: Reservation[] }) {
  const { t } = useTranslation();
  const api = useApi();
  const { notify } = useToasts();
  const navigate = useNavigate();
  const initial = useMemo(() => reservations.map((r) => r.match), [reservations]);
  const topics = useMemo(() => initial.map((m) => `match:${m.id}`), [initial]);
  const { matches } = useLiveMatches(initial, topics);
  const told = useRef(new Set<number>());

  useEffect(() => {
    for (const match of matches) {
      if (match.status !== 'in_progress' || told.current.has(match.id)) continue;
      told.current.add(match.id);
      const text = t('reservationAlert.started', { match: matchName(match) });
      notify(text);
      if ('Notification' in window && Notification.permission === 'granted') {
        const shown = new Notification(t('reservationAlert.title'), { body: text, tag: `match-${match.id}` });
        shown.onclick = () => {
          window.focus();
          navigate(`/${match.game}/${match.id}`);
        };
      }
      api.post('/match/reservation/notified', { matchId: match.id }, { quiet: true }).catch(() => undefined);
    }
  }, [matches, t, notify, navigate, api]);
  return null;
}

/** A match as people name it: its teams, or its league when it has none (a lobby). */
export const matchName = (match: MatchSummary) =>
  match.home && match.away ? `${match.home.name} - ${match.away.name}` : match.league.name;
