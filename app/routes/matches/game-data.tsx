import { GameDataView } from '../../features/match-page/data-views';
import { gameOfPath, isNotFound, MATCH_NAMESPACES, withBrand } from '../../features/match-page/page.server';
import { screenMeta } from '../../features/match-page/seo';
import { PageTimeProvider } from '../../features/matches/time';
import { RouteTranslations } from '../../i18n/route-translations';
import { dayOf, dayRange, dayTopics, zoneFromCookie } from '../../lib/days';
import { SHARED_PAGE } from '../../lib/page-handle';
import type { Route } from './+types/game-data';

/** How many in-play matches come with their detail (statistics, incidents) in the page. */
const DETAILED = 12;

export const handle = SHARED_PAGE;

/** /{game}/data: the game's live data. Any segment that is not a catalogue slug is the 404 page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, locale } = context;
  const game = gameOfPath(context, params.game);
  const zone = zoneFromCookie(request.headers.get('cookie'), locale);
  const now = Date.now();
  const { from, to } = dayRange(dayOf(now, zone), zone);
  const inPlay = services.matches.list({ gameIds: [game.gameId], statuses: ['in_progress'], locale });
  const today = services.matches.list({ gameIds: [game.gameId], from, to, locale });
  const matches = [...inPlay, ...today.filter((match) => !inPlay.some((live) => live.id === match.id))];
  const details = await Promise.all(
    inPlay.slice(0, DETAILED).map((match) =>
      services.matches.detail(match.id, locale).catch((err: unknown) => {
        // A match gone from the store since the list was read is left out.
        if (isNotFound(err)) return null;
        throw err;
      }),
    ),
  );
  const text = services.i18n.fixed(locale, 'match');
  return {
    zone,
    now,
    heading: text('data.gameTitle', { game: game.name }),
    title: withBrand(context, text('data.gameTitle', { game: game.name })),
    description: text('data.gameDescription', { game: game.name }),
    matches,
    details: details.filter((detail) => detail !== null),
    topics: [`live:${game.gameId}`, ...dayTopics(from, to)],
    resources: services.i18n.resources(locale, MATCH_NAMESPACES),
  };
}

export const meta: Route.MetaFunction = (args) => screenMeta(args);

export default function GameData({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <PageTimeProvider zone={loaderData.zone} now={loaderData.now}>
        <GameDataView
          title={loaderData.heading}
          matches={loaderData.matches}
          details={loaderData.details}
          topics={loaderData.topics}
        />
      </PageTimeProvider>
    </RouteTranslations>
  );
}
