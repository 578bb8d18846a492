import { useTranslation } from 'react-i18next';
import { data, Form, Link } from 'react-router';
import { gameBySlug } from '../../modules/catalog/games';
import { LEAGUE_PAGE_SIZE } from '../../modules/library/library.routes';
import { pageParam } from '../features/content/loaders.server';
import { cardClass, mutedClass } from '../features/content/ui';
import { regionNames } from '../features/library/region.server';
import { librarySharing } from '../features/library/sharing.server';
import { withBrand } from '../features/match-page/page.server';
import { screenMeta } from '../features/match-page/seo';
import { EmptyMatches } from '../features/matches/list-states';
import { RouteTranslations } from '../i18n/route-translations';
import type { Route } from './+types/league-library';

const NAMESPACES = ['leagues', 'matches'];

/** /leagueLibrary: every competition, by sport or game and region, with a search by name. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = context;
  const params = new URL(request.url).searchParams;
  const game = gameBySlug(params.get('game') ?? '');
  const gameIds = game ? [game.id] : [];
  const text = params.get('q')?.trim().slice(0, 60) || undefined;
  const regions = await services.library.regions(gameIds);
  const region = regions.find((r) => r === params.get('region'));
  const page = pageParam(request);
  const leagues = await services.library.list({
    gameIds,
    region,
    text,
    pageIndex: page,
    pageSize: LEAGUE_PAGE_SIZE,
  });
  const t = services.i18n.fixed(locale, 'leagues');
  const games = services.catalog.list(locale);
  return data(
    {
      title: withBrand(context, t('library.title')),
      description: t('library.description'),
      games: games.map(({ gameId, slug, name }) => ({ gameId, slug, name })),
      filters: { game: game?.slug ?? null, region: region ?? null, text: text ?? '' },
      regions,
      regionNames: regionNames(
        new Set([...regions, ...leagues.list.map((league) => league.region)]),
        locale,
        t,
      ),
      leagues,
      resources: services.i18n.resources(locale, NAMESPACES),
    },
    { headers: librarySharing(context) },
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
  const gameName = new Map(games.map((game) => [game.gameId, game]));
  /** This page's address with some filters changed (a new filter starts again at page 1). */
  const pathWith = (change: Partial<{ game: string | null; region: string | null; page: number }>) => {
    const next = new URLSearchParams();
    const game = change.game === undefined ? filters.game : change.game;
    const region = change.region === undefined ? filters.region : change.region;
    if (game) next.set('game', game);
    if (region) next.set('region', region);
    if (filters.text) next.set('q', filters.text);
    if (change.page && change.page > 1) next.set('page', String(change.page));
    const query = next.toString();
    return `/leagueLibrary${query ? `?${query}` : ''}`;
  };
  const pages = Math.ceil(leagues.total / leagues.pageSize);
  const chip =
    'block whitespace-nowrap rounded-full border border-zinc-200 px-3 py-1.5 text-sm hover:border-brand aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-white dark:border-zinc-700';
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t('library.heading')}</h1>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable row must be reachable by keyboard */}
      <nav aria-label={t('library.games')} tabIndex={0} className="-mx-1 overflow-x-auto pb-1">
        <ul className="flex gap-2 px-1">
          <li className="shrink-0">
            <Link
              to={pathWith({ game: null, region: null })}
              aria-current={filters.game === null ? 'page' : undefined}
              className={chip}
            >
              {t('library.allGames')}
            </Link>
          </li>
          {games.map((game) => (
            <li key={game.slug} className="shrink-0">
              <Link
                to={pathWith({ game: game.slug, region: null })}
                aria-current={filters.game === game.slug ? 'page' : undefined}
                className={chip}
              >
                {game.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
        {filters.game && <input type="hidden" name="game" value={filters.game} />}
        <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm">
          <span className={mutedClass}>{t('library.search')}</span>
          <input
            type="search"
            name="q"
            defaultValue={filters.text}
            maxLength={60}
            className="min-h-10 rounded-lg border border-zinc-300 bg-white px-3 dark:border-zinc-700 dark:bg-zinc-900"
          />
        </label>
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
        <button
          type="submit"
          className="min-h-10 rounded-full bg-brand px-5 text-sm font-semibold text-white hover:opacity-90"
        >
          {t('library.searchButton')}
        </button>
      </Form>
      {leagues.list.length === 0 ? (
        <EmptyMatches
          title={t('library.empty')}
          hint={t('library.emptyHint')}
          action={
            <Link to="/leagueLibrary" className="text-sm font-medium text-brand-ink hover:underline">
              {t('library.clear')}
            </Link>
          }
        />
      ) : (
        <section
          className={`${cardClass} p-0 sm:p-0`}
          aria-label={t('library.results', { count: leagues.total })}
        >
          <p className={`${mutedClass} px-4 pt-3`}>{t('library.results', { count: leagues.total })}</p>
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {leagues.list.map((league) => (
              <li key={league.id}>
                <Link
                  to={`/leagueLibrary/${league.id}`}
                  className="flex items-center gap-3 px-4 py-3 hover:bg-zinc-50 dark:hover:bg-zinc-800/40"
                >
                  {league.logo ? (
                    <img src={league.logo} alt="" className="size-8 shrink-0 rounded object-contain" />
                  ) : (
                    <img
                      src={`/games/${gameName.get(league.gameId)?.slug ?? 'soccer'}.svg`}
                      alt=""
                      className="size-8 shrink-0 rounded"
                    />
                  )}
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate font-medium">{league.name}</span>
                    <span className={mutedClass}>
                      {gameName.get(league.gameId)?.name} · {regionName(league.region)}
                    </span>
                  </span>
                  <span className="shrink-0 rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
                    {t(`format.${league.format}`)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {pages > 1 && (
        <nav aria-label={t('pages')} className="flex items-center justify-center gap-3">
          {leagues.pageIndex > 1 && (
            <Link
              to={pathWith({ page: leagues.pageIndex - 1 })}
              className="rounded-full border border-zinc-300 px-4 py-2 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              {t('previous')}
            </Link>
          )}
          <span className={mutedClass}>{t('pageOf', { page: leagues.pageIndex, pages })}</span>
          {leagues.pageIndex < pages && (
            <Link
              to={pathWith({ page: leagues.pageIndex + 1 })}
              className="rounded-full border border-zinc-300 px-4 py-2 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800"
            >
              {t('next')}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
