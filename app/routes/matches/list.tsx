import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import { isAppError } from '../../../lib/errors';
import type { MatchQuery } from '../../../modules/matches';
import type { MatchStatusValue } from '../../../modules/matches/matches.contract';
import { buttonClass, LinkTabs } from '../../components/ui';
import { gameOfPath } from '../../features/match-page/page.server';
import { DayPicker } from '../../features/matches/filters';
import { type UnfoldedList, useUnfolded } from '../../features/matches/folded';
import {
  EmptyMatches,
  MatchesError,
  MatchListSkeleton,
  useListLoading,
  VisitorsDayList,
} from '../../features/matches/list-states';
import { DataLinks, PredictionsView, TeamsView, teamsInAction } from '../../features/matches/list-views';
import {
  dayQuery,
  firstScreens,
  groupsOrFailure,
  listBasics,
  liveTopics,
  marksOf,
  NO_GROUPS,
} from '../../features/matches/lists.server';
import { ConnectionState } from '../../features/matches/live';
import { useLiveGroups } from '../../features/matches/live-lists';
import {
  GroupedMatches,
  PinnedMatchList,
  RegionNames,
  ScoreAnnouncer,
} from '../../features/matches/match-lists';
import { DAY_SHORTCUTS, parseDay, pick, shortcutOf, withParams } from '../../features/matches/params';
import { ScoresPage } from '../../features/matches/time';
import { pageTitle } from '../../features/users/owner.server';
import { useTranslation } from '../../i18n/translations';
import { addDays } from '../../lib/days';
import type { PageHandle } from '../../lib/page-handle';
import { pageMeta, rootMetaData } from '../../lib/seo';
import { useUser } from '../../lib/use-user';
import { useSessionState } from '../../state/session-state';
import type { Route } from './+types/list';

/** The tabs of spec point 2 in their order; `calendar` (the day's schedule) is the default. */
const TABS = [
  'playback',
  'calendar',
  'closed',
  'favourites',
  'live',
  'score',
  'team',
  'winRate',
  'data',
] as const;
type ListTab = (typeof TABS)[number];
const PARSED_TABS = ['calendar', ...TABS.filter((tab) => tab !== 'calendar')] as const;

/** What a tab means in terms of the data: the statuses it lists (none: the status filter decides). */
const TAB_STATUSES: Partial<Record<ListTab, MatchStatusValue[]>> = {
  playback: ['finished'],
  closed: ['finished', 'postponed', 'cancelled'],
  live: ['in_progress'],
  score: ['finished'],
  winRate: ['not_started', 'in_progress'],
};
const STATUS_FILTERS = { all: undefined, live: ['in_progress'], upcoming: ['not_started'] } as const;

/** The replays of broadcasts that showed a match, above the playback tab's finished matches. */
const MatchReplays = lazy(() =>
  import('../../features/live/replays').then((module) => ({ default: module.MatchReplays })),
);

/** How many matches of the win-rate view come with their prediction (one read of the store each). */
const PREDICTED = 40;

/** The same for every visitor, but for the favourites view. */
export const handle: PageHandle = {
  shared: ({ search }) => search.get('tab') !== 'favourites' && search.get('fav') !== '1',
};

/** /match/{game?}: the match centre of one game or all, by tab and filter, grouped by league. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, locale, user } = context;
  const search = new URL(request.url).searchParams;
  const basics = listBasics(request, context);
  const game = params.game ? gameOfPath(context, params.game) : null;
  const tab = pick(search, 'tab', PARSED_TABS);
  const shortcut = pick(search, 'day', ['today', 'yesterday', 'tomorrow'] as const);
  const day = parseDay(search, basics.today, addDays(basics.today, DAY_SHORTCUTS[shortcut]));
  const status = pick(search, 'status', ['all', 'live', 'upcoming'] as const);
  const favouritesOnly = tab === 'favourites' || search.get('fav') === '1';
  const secondMenu = services.catalog.menus(locale).secondMenu;
  // The second menu (spec point 2) groups the games; it applies while no single game is chosen.
  const menu = game ? undefined : secondMenu.find((item) => String(item.key) === search.get('menu'));
  const title = game
    ? services.i18n.t(locale, 'matches:list.headingGame', { game: game.name })
    : services.i18n.t(locale, 'matches:list.heading');
  const gameName = game?.name ?? services.i18n.t(locale, 'matches:list.allGames');
  const page = {
    ...basics,
    // The playback tab lists the replays of broadcasts with the live rooms' words.
    resources: tab === 'playback' ? services.i18n.resources(locale, ['matches', 'live']) : basics.resources,
    game,
    games: services.catalog.list(locale),
    secondMenu,
    menuKey: menu?.key ?? null,
    tab,
    day,
    status,
    favouritesOnly,
    title,
    pageTitle: pageTitle(context, services.i18n.t(locale, 'matches:seo.listTitle', { game: gameName })),
    description: services.i18n.t(locale, 'matches:seo.listDescription', { game: gameName }),
  };
  const nothing = {
    ...NO_GROUPS,
    topics: [] as string[],
    needsLogin: false,
    predictions: {},
    marks: null,
    folded: [],
    whole: null,
  };
  if (tab === 'data') return { ...page, ...nothing };
  if (favouritesOnly && !user) return { ...page, ...nothing, needsLogin: true };

  const marks = await marksOf(context);
  const base: MatchQuery = {
    gameIds: game ? [game.gameId] : menu?.gameIds,
    statuses: TAB_STATUSES[tab] ?? STATUS_FILTERS[status]?.slice(),
    order: tab === 'playback' ? 'desc' : 'asc',
    ids: favouritesOnly && marks ? marks.matches : undefined,
  };
  const { query, topics } =
    tab === 'live' ? { query: base, topics: liveTopics(base.gameIds) } : dayQuery(day, basics.zone, base);
  const listed = groupsOrFailure(context, query);
  // The team and win-rate views are drawn from every match; a list of favourites is short.
  const wholeView = favouritesOnly || tab === 'team' || tab === 'winRate';
  return {
    ...page,
    ...listed,
    ...(wholeView ? { folded: [], whole: null } : firstScreens(context, listed.groups, query)),
    topics,
    needsLogin: false,
    marks,
    predictions:
      tab === 'winRate'
        ? await predictionsOf(
            context,
            listed.groups.flatMap((g) => g.matches),
          )
        : {},
  };
}

/** The win probabilities of the first matches of the view, from their detail. */
async function predictionsOf(context: Route.LoaderArgs['context'], matches: { id: number }[]) {
  const entries = await Promise.all(
    matches.slice(0, PREDICTED).map(async (match) => {
      try {
        return [match.id, (await context.services.matches.detail(match.id)).extras.prediction] as const;
      } catch (err) {
        // A match gone from the store since the list was read has no prediction to show.
        if (isAppError(err) && err.key === 'notFound') return [match.id, null] as const;
        throw err;
      }
    }),
  );
  return Object.fromEntries(entries);
}

export const meta: Route.MetaFunction = ({ data, matches, location }) =>
  data
    ? pageMeta({
        title: data.pageTitle,
        description: data.description,
        pathname: location.pathname,
        root: rootMetaData(matches),
      })
    : [];

export default function MatchList({ loaderData }: Route.ComponentProps) {
  return (
    <ScoresPage resources={loaderData.resources} zone={loaderData.zone} now={loaderData.now}>
      <RegionNames value={loaderData.regionNames}>
        <MatchCentre data={loaderData} />
      </RegionNames>
    </ScoresPage>
  );
}

type ListData = Route.ComponentProps['loaderData'];

function MatchCentre({ data }: { data: ListData }) {
  const { t } = useTranslation('matches');
  const [search] = useSearchParams();
  const signedIn = Boolean(useUser());
  const [, updateSession] = useSessionState();
  const login = () => updateSession({ showModel: true, modelState: 1 });
  const { tab, day, today, status } = data;
  const base = data.game ? `/match/${data.game.slug}` : '/match';
  const list = useUnfolded(data.groups, data.folded, data.whole);
  const live = useLiveGroups(list.groups, data.topics, list.folded);

  const menu = data.secondMenu.find((item) => item.key === data.menuKey);
  const menuItems = [
    {
      key: 'all',
      label: t('list.allGames'),
      to: `/match${withParams(search, { menu: null })}`,
      active: !data.game && !menu,
    },
    ...data.secondMenu.map((item) => ({
      key: item.id,
      label: item.name,
      to: `/match${withParams(search, { menu: String(item.key) })}`,
      active: item.key === menu?.key,
    })),
  ];
  // A group of the second menu narrows the games to choose from to its own.
  const gameItems = data.games
    .filter((game) => !menu || menu.gameIds.includes(game.gameId))
    .map((game) => ({
      key: game.slug,
      label: game.name,
      to: `/match/${game.slug}${withParams(search, { menu: null })}`,
      active: data.game?.slug === game.slug,
    }));
  const tabItems = TABS.map((key) => ({
    key,
    label: t(`list.tabs.${key}`),
    to: base + withParams(search, { tab: key === 'calendar' ? null : key }),
    active: tab === key,
    onClick: key === 'favourites' && !signedIn ? login : undefined,
  }));
  const shortcut = shortcutOf(day, today);
  const statusFixed = tab in TAB_STATUSES;
  const filterItems = [
    ...(tab === 'live'
      ? []
      : (['today', 'yesterday', 'tomorrow'] as const).map((key) => ({
          key,
          label: t(`list.filters.${key}`),
          to: base + withParams(search, { day: key === 'today' ? null : key, date: null }),
          active: shortcut === key,
        }))),
    ...(statusFixed
      ? []
      : (['live', 'upcoming'] as const).map((key) => ({
          key,
          label: t(key === 'live' ? 'list.filters.live' : 'list.filters.notStarted'),
          to: base + withParams(search, { status: status === key ? null : key }),
          active: status === key,
        }))),
    ...(tab === 'favourites'
      ? []
      : [
          {
            key: 'favourites',
            label: t('list.filters.favourites'),
            to: base + withParams(search, { fav: data.favouritesOnly ? null : '1' }),
            active: data.favouritesOnly,
            onClick: signedIn ? undefined : login,
          },
        ]),
  ];

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <h1 className="truncate text-base font-bold sm:text-xl">{data.title}</h1>
        {data.topics.length > 0 && (
          <span className="shrink-0 whitespace-nowrap">
            <ConnectionState status={live.status} />
          </span>
        )}
      </div>
      <div className="flex flex-col gap-2 rounded-xl bg-white px-2 pb-2 pt-2 shadow-sm dark:bg-zinc-900">
        <LinkTabs label={t('list.menuLabel')} items={menuItems} size="small" />
        <LinkTabs label={t('filters.games')} items={gameItems} size="small" />
        <div className="border-b border-zinc-100 dark:border-zinc-800">
          <LinkTabs label={t('list.tabsLabel')} items={tabItems} />
        </div>
        {tab !== 'data' && (
          <div className="flex flex-wrap items-center justify-between gap-2">
            <LinkTabs label={t('list.filtersLabel')} items={filterItems} size="small" />
            {tab !== 'live' && <DayPicker day={day} today={today} clear={['day']} />}
          </div>
        )}
      </div>
      <ScoreAnnouncer matches={live.groups.flatMap((group) => group.matches)} changed={live.changed} />
      <VisitorsDayList>
        <CentreList data={data} groups={live.groups} list={list} changed={live.changed} onLogin={login} />
      </VisitorsDayList>
    </div>
  );
}

function CentreList({
  data,
  groups,
  list,
  changed,
  onLogin,
}: {
  data: ListData;
  groups: ListData['groups'];
  list: UnfoldedList;
  changed: ReadonlySet<number>;
  onLogin: () => void;
}) {
  const { t } = useTranslation('matches');
  const revalidator = useRevalidator();
  const loading = useListLoading();
  const matches = useMemo(() => groups.flatMap((group) => group.matches), [groups]);
  const teams = useMemo(() => (data.tab === 'team' ? teamsInAction(matches) : []), [data.tab, matches]);
  if (data.tab === 'data') return <DataLinks game={data.game} games={data.games} />;
  if (loading) return <MatchListSkeleton />;
  if (data.needsLogin)
    return (
      <EmptyMatches
        title={t('list.tabs.favourites')}
        hint={t('list.favouritesLogin')}
        action={
          <button type="button" onClick={onLogin} className={buttonClass.secondary}>
            {t('list.login')}
          </button>
        }
      />
    );
  if (data.failed) return <MatchesError onRetry={() => revalidator.revalidate()} />;
  if (groups.length === 0) {
    const none = <EmptyMatches hint={data.favouritesOnly ? t('list.noFavourites') : undefined} />;
    // The clips and replays are not the day's: they show on a day without finished matches too.
    return data.tab === 'playback' ? <Playback>{none}</Playback> : none;
  }
  const showPeriods = data.tab === 'score';
  // A list of favourites only has nothing to pin: it is all favourites.
  const rows = data.favouritesOnly ? (
    <GroupedMatches groups={groups} changed={changed} showPeriods={showPeriods} />
  ) : (
    <PinnedMatchList
      groups={groups}
      folded={list.foldedList}
      onFavourites={list.unfold}
      marks={data.marks}
      changed={changed}
      showPeriods={showPeriods}
    />
  );
  switch (data.tab) {
    case 'team':
      return <TeamsView teams={teams} />;
    case 'winRate':
      return <PredictionsView matches={matches} predictions={data.predictions} />;
    case 'playback':
      return <Playback>{rows}</Playback>;
    default:
      return rows;
  }
}

/** The playback tab: the newest clips and replays of matches, then the day's finished matches. */
function Playback({ children }: { children: ReactNode }) {
  const { t } = useTranslation('matches');
  return (
    <div className="flex flex-col gap-3">
      <Suspense fallback={null}>
        <MatchReplays />
      </Suspense>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('list.playbackNote')}</p>
      {children}
    </div>
  );
}
