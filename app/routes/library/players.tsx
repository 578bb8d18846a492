import { data } from 'react-router';
import { mutedClass } from '../../components/ui';
import { CataloguePage, cataloguePath } from '../../features/library/catalogue';
import { catalogueGames, catalogueRequest } from '../../features/library/catalogue.server';
import { positionName } from '../../features/library/positions';
import { DATA_LIBRARY_SHARING } from '../../features/library/sharing.server';
import { withBrand } from '../../features/match-page/page.server';
import { screenMeta } from '../../features/match-page/seo';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import { SHARED_PAGE } from '../../lib/page-handle';
import { regionNames } from '../../lib/region-names.server';
import type { Route } from './+types/players';

const NAMESPACES = ['squads', 'leagues', 'content'];

export const handle = SHARED_PAGE;

/** /playerLibrary: every player, by sport or game, with a search by name or nickname. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = context;
  const { query, filters } = catalogueRequest(request);
  const players = await services.dataLibrary.players({ ...query, locale });
  const t = services.i18n.fixed(locale, 'squads');
  return data(
    {
      title: withBrand(context, t('players.title')),
      description: t('players.description'),
      games: catalogueGames(context),
      filters,
      countries: regionNames(
        new Set(players.list.flatMap((player) => player.nationality ?? [])),
        locale,
        services.i18n.fixed(locale, 'leagues'),
      ),
      players,
      resources: services.i18n.resources(locale, NAMESPACES),
    },
    { headers: DATA_LIBRARY_SHARING },
  );
}

/** Document responses carry the loader's sharing rule. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) => screenMeta(args);

export default function PlayerLibrary({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <PlayerLibraryView {...loaderData} />
    </RouteTranslations>
  );
}

function PlayerLibraryView({ games, filters, countries, players }: Route.ComponentProps['loaderData']) {
  const { t } = useTranslation('squads');
  const gameOf = new Map(games.map((game) => [game.gameId, game]));
  return (
    <CataloguePage
      library="players"
      text={{
        heading: t('players.heading'),
        search: t('players.search'),
        results: t('players.results', { count: players.total }),
        empty: t('players.empty'),
        emptyHint: t('players.emptyHint'),
      }}
      games={games}
      filters={filters}
      page={players}
      pathWith={(change, page) => cataloguePath('/playerLibrary', { ...filters, ...change }, page)}
      pathOf={(player) => `/playerLibrary/${player.id}`}
      twoColumns
      item={(player) => {
        const game = gameOf.get(player.gameId);
        return (
          <>
            <span className="w-8 shrink-0 text-center font-bold tabular-nums text-zinc-500 dark:text-zinc-400">
              {player.shirtNumber ?? '–'}
            </span>
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate font-medium">
                {player.nickname ?? player.name}
                {player.nickname && <span className={`${mutedClass} font-normal`}> · {player.name}</span>}
              </span>
              <span className={`${mutedClass} truncate`}>
                {[
                  player.team?.name,
                  player.position && positionName(t, game?.slug ?? '', player.position),
                  player.nationality && (countries[player.nationality] ?? player.nationality),
                  game?.name,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            </span>
          </>
        );
      }}
    />
  );
}
