import { data } from 'react-router';
import { mutedClass } from '../../components/ui';
import { CataloguePage, cataloguePath } from '../../features/library/catalogue';
import { catalogueGames, catalogueRequest } from '../../features/library/catalogue.server';
import { DATA_LIBRARY_SHARING } from '../../features/library/sharing.server';
import { TeamLogo } from '../../features/library/standings-table';
import { withBrand } from '../../features/match-page/page.server';
import { screenMeta } from '../../features/match-page/seo';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import { SHARED_PAGE } from '../../lib/page-handle';
import { regionNames } from '../../lib/region-names.server';
import type { Route } from './+types/squads';

const NAMESPACES = ['squads', 'leagues', 'content'];

export const handle = SHARED_PAGE;

/** /squadLibrary: every team, by sport or game, with a search by name. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = context;
  const { query, filters } = catalogueRequest(request);
  const teams = await services.dataLibrary.teams({ ...query, locale });
  const t = services.i18n.fixed(locale, 'squads');
  return data(
    {
      title: withBrand(context, t('library.title')),
      description: t('library.description'),
      games: catalogueGames(context),
      filters,
      countries: regionNames(
        new Set(teams.list.flatMap((team) => team.country ?? [])),
        locale,
        services.i18n.fixed(locale, 'leagues'),
      ),
      teams,
      resources: services.i18n.resources(locale, NAMESPACES),
    },
    { headers: DATA_LIBRARY_SHARING },
  );
}

/** Document responses carry the loader's sharing rule. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) => screenMeta(args);

export default function SquadLibrary({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <SquadLibraryView {...loaderData} />
    </RouteTranslations>
  );
}

function SquadLibraryView({ games, filters, countries, teams }: Route.ComponentProps['loaderData']) {
  const { t } = useTranslation('squads');
  const gameOf = new Map(games.map((game) => [game.gameId, game]));
  return (
    <CataloguePage
      library="teams"
      text={{
        heading: t('library.heading'),
        search: t('library.search'),
        results: t('library.results', { count: teams.total }),
        empty: t('library.empty'),
        emptyHint: t('library.emptyHint'),
      }}
      games={games}
      filters={filters}
      page={teams}
      pathWith={(change, page) => cataloguePath('/squadLibrary', { ...filters, ...change }, page)}
      pathOf={(team) => `/squadLibrary/${team.id}`}
      twoColumns
      item={(team) => (
        <>
          <TeamLogo team={team} size="size-8" />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="truncate font-medium">{team.name}</span>
            <span className={mutedClass}>
              {gameOf.get(team.gameId)?.name}
              {team.country ? ` · ${countries[team.country] ?? team.country}` : ''}
            </span>
          </span>
        </>
      )}
    />
  );
}
