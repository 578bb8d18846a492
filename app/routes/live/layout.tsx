import { Outlet } from 'react-router';
import { PageTimeProvider } from '../../features/matches/time';
import { RouteTranslations } from '../../i18n/route-translations';
import { zoneFromCookie } from '../../lib/days';
import type { Route } from './+types/layout';

/**
 * Live rooms, anchors and the anchor centre: the "live" translations with those of the match rows
 * (score strip, schedules) and of the wallet (membership dialog), and the page clock.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = context;
  return {
    resources: services.i18n.resources(locale, ['live', 'chat', 'matches', 'wallet']),
    zone: zoneFromCookie(request.headers.get('cookie'), locale),
    now: Date.now(),
  };
}

/** Only a change of language brings other translations, and that is a full page load. */
export const shouldRevalidate = () => false;

export default function LiveLayout({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <PageTimeProvider zone={loaderData.zone} now={loaderData.now}>
        <Outlet />
      </PageTimeProvider>
    </RouteTranslations>
  );
}
