import { BCP47 } from '../../../lib/locales';
import { MatchView } from '../../features/match-page/match-view';
import {
  gameOfPath,
  MATCH_NAMESPACES,
  matchIdOfPath,
  notFound,
  orNotFound,
  withBrand,
} from '../../features/match-page/page.server';
import { matchHeadline, screenMeta, sportsEvent } from '../../features/match-page/seo';
import { PageTimeProvider } from '../../features/matches/time';
import { RouteTranslations } from '../../i18n/route-translations';
import { zoneFromCookie } from '../../lib/days';
import { SHARED_PAGE } from '../../lib/page-handle';
import type { Route } from './+types/match';

export const handle = SHARED_PAGE;

/** /{game}/{id}: one match. A game slug that is not the match's, or an unknown id, is the 404 page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, locale } = context;
  const game = gameOfPath(context, params.game);
  const id = matchIdOfPath(params.id);
  const detail = await orNotFound(services.matches.detail(id, locale));
  if (detail.summary.game !== game.slug) throw notFound();
  const zone = zoneFromCookie(request.headers.get('cookie'), locale);
  const text = services.i18n.fixed(locale, 'match');
  const headline = matchHeadline(text, detail.summary, game.name, BCP47[locale], zone);
  return {
    detail,
    zone,
    now: Date.now(),
    gameName: game.name,
    title: withBrand(context, headline.title),
    headline: headline.title,
    description: headline.description,
    // The plans and live rooms on the match are listed with the experts' and live rooms' words.
    resources: services.i18n.resources(locale, [...MATCH_NAMESPACES, 'experts', 'live']),
  };
}

export const meta: Route.MetaFunction = (args) => {
  const { data, location } = args;
  if (!data) return [];
  const tags = screenMeta(args);
  const canonical = tags.find((tag) => 'rel' in tag && tag.rel === 'canonical');
  const url = canonical && 'href' in canonical ? String(canonical.href) : location.pathname;
  return [...tags, { 'script:ld+json': sportsEvent(data.detail.summary, data.headline, data.gameName, url) }];
};

export default function MatchPage({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <PageTimeProvider zone={loaderData.zone} now={loaderData.now}>
        <MatchView
          key={loaderData.detail.summary.id}
          initial={loaderData.detail}
          headline={loaderData.headline}
          gameName={loaderData.gameName}
        />
      </PageTimeProvider>
    </RouteTranslations>
  );
}
