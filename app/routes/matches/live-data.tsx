import { LiveDataView } from '../../features/match-page/data-views';
import { MATCH_NAMESPACES, withBrand } from '../../features/match-page/page.server';
import { screenMeta } from '../../features/match-page/seo';
import { PageTimeProvider } from '../../features/matches/time';
import { RouteTranslations } from '../../i18n/route-translations';
import { zoneFromCookie } from '../../lib/days';
import { SHARED_PAGE } from '../../lib/page-handle';
import type { Route } from './+types/live-data';

export const handle = SHARED_PAGE;

/** /live/data: every match in play, of every game. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = context;
  const text = services.i18n.fixed(locale, 'match');
  return {
    zone: zoneFromCookie(request.headers.get('cookie'), locale),
    now: Date.now(),
    heading: text('data.liveTitle'),
    title: withBrand(context, text('data.liveTitle')),
    description: text('data.liveDescription'),
    matches: services.matches.list({ statuses: ['in_progress'], locale }),
    games: services.catalog.list(locale).map(({ gameId, slug, name }) => ({ gameId, slug, name })),
    resources: services.i18n.resources(locale, MATCH_NAMESPACES),
  };
}

export const meta: Route.MetaFunction = (args) => screenMeta(args);

export default function LiveData({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <PageTimeProvider zone={loaderData.zone} now={loaderData.now}>
        <LiveDataView title={loaderData.heading} matches={loaderData.matches} games={loaderData.games} />
      </PageTimeProvider>
    </RouteTranslations>
  );
}
