import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { cardClass, LinkTabs, mutedClass, Pager } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { EmptyMatches } from '../matches';

/** The parts the library's catalogues share: leagues, teams and players by game, by name, a page at a time. */

export interface CatalogueFilters {
  game: string | null;
  text: string;
}

const LIBRARIES = [
  { key: 'leagues', path: '/leagueLibrary' },
  { key: 'teams', path: '/squadLibrary' },
  { key: 'players', path: '/playerLibrary' },
] as const;

/** The data centre's three libraries, the current one marked. */
function LibraryTabs({ current }: { current: (typeof LIBRARIES)[number]['key'] }) {
  const { t } = useTranslation('squads');
  return (
    <LinkTabs
      label={t('libraries.label')}
      items={LIBRARIES.map(({ key, path }) => ({
        key,
        label: t(`libraries.${key}`),
        to: path,
        active: key === current,
      }))}
    />
  );
}

const chip =
  'block whitespace-nowrap rounded-full border border-zinc-200 px-3 py-1.5 text-sm hover:border-brand aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-white dark:border-zinc-700';

/** A scrollable row of game chips, "all" first. */
export function GameChips({
  games,
  current,
  pathOf,
}: {
  games: { slug: string; name: string }[];
  current: string | null;
  pathOf: (game: string | null) => string;
}) {
  const { t } = useTranslation('leagues');
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable row must be reachable by keyboard
    <nav aria-label={t('library.games')} tabIndex={0} className="-mx-1 overflow-x-auto pb-1">
      <ul className="flex gap-2 px-1">
        {[{ slug: null, name: t('library.allGames') }, ...games].map((game) => (
          <li key={game.slug ?? ''} className="shrink-0">
            <Link
              to={pathOf(game.slug)}
              aria-current={current === game.slug ? 'page' : undefined}
              className={chip}
            >
              {game.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The search by name, keeping the chosen game; `children` are further fields (a region). */
export function CatalogueSearch({
  filters,
  label,
  children,
}: {
  filters: CatalogueFilters;
  label: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('leagues');
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
      {filters.game && <input type="hidden" name="game" value={filters.game} />}
      <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm">
        <span className={mutedClass}>{label}</span>
        <input
          type="search"
          name="q"
          defaultValue={filters.text}
          maxLength={60}
          className="min-h-10 rounded-lg border border-zinc-300 bg-white px-3 dark:border-zinc-700 dark:bg-zinc-900"
        />
      </label>
      {children}
      <button
        type="submit"
        className="min-h-10 rounded-full bg-brand px-5 text-sm font-semibold text-white hover:opacity-90"
      >
        {t('library.searchButton')}
      </button>
    </Form>
  );
}

/** A catalogue page's address: game, text, page and any further filters (a new filter starts at page 1). */
export function cataloguePath(
  base: string,
  filters: CatalogueFilters & Record<string, string | null>,
  page = 1,
): string {
  const query = new URLSearchParams();
  if (filters.game) query.set('game', filters.game);
  for (const [key, value] of Object.entries(filters))
    if (key !== 'game' && key !== 'text' && value) query.set(key, value);
  if (filters.text) query.set('q', filters.text);
  if (page > 1) query.set('page', String(page));
  const search = query.toString();
  return `${base}${search ? `?${search}` : ''}`;
}

/** What a catalogue page says, in the page language. */
export interface CatalogueText {
  heading: string;
  search: string;
  results: string;
  empty: string;
  emptyHint: string;
}

/**
 * A catalogue page: the three libraries' tabs, the games, the search, a page of results (each a
 * link to its page) and the pager; `searchFields` are further filters beside the search.
 */
export function CataloguePage<T extends { id: number }>({
  library,
  text,
  games,
  filters,
  page,
  pathWith,
  pathOf,
  item,
  searchFields,
  twoColumns = false,
}: {
  library: (typeof LIBRARIES)[number]['key'];
  text: CatalogueText;
  games: { slug: string; name: string }[];
  filters: CatalogueFilters;
  page: { list: T[]; total: number; pageIndex: number; pageSize: number };
  /** This page's address with a game chosen (a new filter starts at page 1), or another page. */
  pathWith: (change: { game?: string | null }, page?: number) => string;
  pathOf: (row: T) => string;
  item: (row: T) => ReactNode;
  searchFields?: ReactNode;
  twoColumns?: boolean;
}) {
  const { t } = useTranslation('leagues');
  return (
    <div className="flex flex-col gap-4">
      <LibraryTabs current={library} />
      <h1 className="text-xl font-bold sm:text-2xl">{text.heading}</h1>
      <GameChips games={games} current={filters.game} pathOf={(game) => pathWith({ game })} />
      <CatalogueSearch filters={filters} label={text.search}>
        {searchFields}
      </CatalogueSearch>
      {page.list.length === 0 ? (
        <EmptyMatches
          title={text.empty}
          hint={text.emptyHint}
          action={
            <Link
              to={LIBRARIES.find((l) => l.key === library)?.path ?? '/'}
              className="text-sm font-medium text-brand-ink hover:underline"
            >
              {t('library.clear')}
            </Link>
          }
        />
      ) : (
        <section className={`${cardClass} p-0 sm:p-0`} aria-label={text.results}>
          <p className={`${mutedClass} px-4 pt-3`}>{text.results}</p>
          <ul
            className={`grid divide-y divide-zinc-100 dark:divide-zinc-800 ${twoColumns ? 'sm:grid-cols-2 sm:divide-y-0' : ''}`}
          >
            {page.list.map((row) => (
              <li key={row.id}>
                <Link
                  to={pathOf(row)}
                  className="flex items-center gap-3 px-4 py-3 hover:bg-zinc-50 dark:hover:bg-zinc-800/40"
                >
                  {item(row)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <Pager
        page={page.pageIndex}
        pages={Math.ceil(page.total / page.pageSize)}
        hrefOf={(next) => pathWith({}, next)}
      />
    </div>
  );
}
