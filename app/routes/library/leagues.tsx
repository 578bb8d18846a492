import { data } from 'react-router';
import { mutedClass } from '../../components/ui';
import { CataloguePage, cataloguePath } from '../../features/library/catalogue';
import { catalogueGames, catalogueRequest } from '../../features/library/catalogue.server';
import { DATA_LIBRARY_SHARING } from '../../features/library/sharing.server';
import { withBrand } from '../../features/match-page/page.server';
import { screenMeta } from '../../features/match-page/seo';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import { SHARED_PAGE } from '../../lib/page-handle';
import { regionNames } from '../../lib/region-names.server';
import type { Route } from './+types/leagues';

const NAMESPACES = ['leagues', 'squads', 'matches', 'content'];

export const handle = SHARED_PAGE;

/** /leagueLibrary: every competition, by sport or game and region, with a search by name. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = context;
  const { query, filters } = catalogueRequest(request);
  const regions = await services.dataLibrary.regions(query.gameIds);
  const region = regions.find((r) => r === new URL(request.url).searchParams.get('region'));
  const leagues = await services.dataLibrary.list({ ...query, region, locale });
  const t = services.i18n.fixed(locale, 'leagues');
  return data(
    {
      title: withBrand(context, t('library.title')),
      description: t('library.description'),
      games: catalogueGames(context),
      filters: { ...filters, region: region ?? null },
      regions,
      regionNames: regionNames(
        new Set([...regions, ...leagues.list.map((league) => league.region)]),
        locale,
        t,
      ),
      leagues,
      resources: services.i18n.resources(locale, NAMESPACES),
    },
    { headers: DATA_LIBRARY_SHARING },
  );
}

/** Document responses carry the loader's sharing rule. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) => screenMeta(args);

export default function LeagueLibrary({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <LeagueLibraryView {...loaderData} />
    </RouteTranslations>
  );
}

function LeagueLibraryView({
  games,
  filters,
  regions,
  regionNames,
  leagues,
}: Route.ComponentProps['loaderData']) {
  const { t } = useTranslation('leagues');
  const regionName = (region: string) => regionNames[region] ?? region;
  const gameOf = new Map(games.map((game) => [game.gameId, game]));
  return (
    <CataloguePage
      library="leagues"
      text={{
        heading: t('library.heading'),
        search: t('library.search'),
        results: t('library.results', { count: leagues.total }),
        empty: t('library.empty'),
        emptyHint: t('library.emptyHint'),
      }}
      games={games}
      filters={filters}
      page={leagues}
      // Another game has other regions: choosing one clears the region.
      pathWith={(change, page) =>
        cataloguePath(
          '/leagueLibrary',
          { ...filters, ...change, ...('game' in change ? { region: null } : {}) },
          page,
        )
      }
      pathOf={(league) => `/leagueLibrary/${league.id}`}
      searchFields={
        <label className="flex flex-col gap-1 text-sm">
          <span className={mutedClass}>{t('library.region')}</span>
          <select
            name="region"
            defaultValue={filters.region ?? ''}
            className="min-h-10 rounded-lg border border-zinc-300 bg-white px-2 dark:border-zinc-700 dark:bg-zinc-900"
          >
            <option value="">{t('library.allRegions')}</option>
            {regions.map((region) => (
              <option key={region} value={region}>
                {regionName(region)}
              </option>
            ))}
          </select>
        </label>
      }
      item={(league) => (
        <>
          <img
            src={league.logo ?? `/games/${gameOf.get(league.gameId)?.slug ?? 'soccer'}.svg`}
            alt=""
            className="size-8 shrink-0 rounded object-contain"
          />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="truncate font-medium">{league.name}</span>
            <span className={mutedClass}>
              {gameOf.get(league.gameId)?.name} · {regionName(league.region)}
            </span>
          </span>
          <span className="shrink-0 rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
            {t(`format.${league.format}`)}
          </span>
        </>
      )}
    />
  );
}
