import { type ReservationState, reservationState } from '../../../modules/matches/follows.contract';
import { Card } from '../../components/ui';
import { PushAlertsControl } from '../../features/alerts/push-alerts';
import { CalendarLink } from '../../features/matches/calendar-link';
import { ReservationList, SubTabs } from '../../features/matches/follow-lists';
import { followsPageBasics } from '../../features/matches/follows.server';
import { PageTimeProvider } from '../../features/matches/time';
import { userMeta } from '../../features/users/meta';
import { UserPageHeader } from '../../features/users/sub-page';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/reservations';

/** /userInfo/reservations: the user's reserved matches, all or in one state (?state=). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { uid, follows, first, page } = followsPageBasics(request, context, 'nav.reservations');
  const parsed = reservationState.safeParse(new URL(request.url).searchParams.get('state'));
  const state = parsed.success ? parsed.data : undefined;
  return { ...page, state, reservations: await follows.reservations(uid, { ...first, state }) };
}

export const meta: Route.MetaFunction = (args) => userMeta(args);

const TABS: (ReservationState | undefined)[] = [undefined, ...reservationState.options];

export default function UserReservations({ loaderData }: Route.ComponentProps) {
  const { resources, zone, now, state, reservations } = loaderData;
  return (
    <RouteTranslations resources={resources}>
      <PageTimeProvider zone={zone} now={now}>
        <Reservations state={state} first={reservations} />
      </PageTimeProvider>
    </RouteTranslations>
  );
}

function Reservations({
  state,
  first,
}: {
  state?: ReservationState;
  first: Route.ComponentProps['loaderData']['reservations'];
}) {
  const { t } = useTranslation(['matches', 'user']);
  return (
    <div className="flex flex-col gap-4">
      <UserPageHeader title={t('user:nav.reservations')} description={t('reservations.intro')} />
      <Card className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <PushAlertsControl />
          <CalendarLink href="/calendar/reservations.ics" />
        </div>
        <SubTabs
          label={t('user:nav.reservations')}
          tabs={TABS.map((tab) => ({
            to: tab ? `/userInfo/reservations?state=${tab}` : '/userInfo/reservations',
            label: t(tab ? `reservations.state.${tab}` : 'reservations.all'),
            current: tab === state,
          }))}
        />
        <ReservationList key={state ?? 'all'} state={state} first={first} />
      </Card>
    </div>
  );
}
