import { lazy, Suspense } from 'react';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { BCP47 } from '../../../lib/locales';
import { highlightVideos, hotNews } from '../../../modules/content';
import type { MatchQuery } from '../../../modules/matches';
import { buttonClass, LinkTabs } from '../../components/ui';
import { NewsRow } from '../../features/content/news-row';
import { VideoGrid } from '../../features/content/video-card';
import { DayPicker, GameFilter, GameSwitch } from '../../features/matches/filters';
import { type UnfoldedList, useUnfolded } from '../../features/matches/folded';
import {
  EmptyContentTab,
  EmptyMatches,
  MatchesError,
  MatchListSkeleton,
  useListLoading,
  VisitorsDayList,
} from '../../features/matches/list-states';
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
import { PinnedMatchList, RegionNames, ScoreAnnouncer } from '../../features/matches/match-lists';
import {
  DAY_SHORTCUTS,
  parseDay,
  parseGameChoice,
  pick,
  shortcutOf,
  withParams,
} from '../../features/matches/params';
import { ScoresPage } from '../../features/matches/time';
import { pageTitle } from '../../features/users/owner.server';
import { useTranslation } from '../../i18n/translations';
import { addDays } from '../../lib/days';
import { SHARED_PAGE } from '../../lib/page-handle';
import { pageMeta, rootMetaData } from '../../lib/seo';
import { useLocale } from '../../lib/use-locale';
import type { Route } from './+types/home';

/** The home page's tabs (spec point 2): three days, the matches in play, one list by time, and two to come. */
const HOME_TABS = ['today', 'yesterday', 'tomorrow', 'live', 'bytime', 'highlights', 'hot'] as const;

const HIGHLIGHTS = 24;
const HOT_ARTICLES = 30;

export const handle = SHARED_PAGE;

/** The clips of goals and the replays of broadcasts that showed a match, above the highlight videos. */
const MatchReplays = lazy(() =>
  import('../../features/live/replays').then((module) => ({ default: module.MatchReplays })),
);

/** The live-score home: today's matches by league unless the URL asks for another view. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale } = context;
  const search = new URL(request.url).searchParams;
  const basics = listBasics(request, context);
  const tab = pick(search, 'tab', HOME_TABS);
  const choice = parseGameChoice(search);
  const dayTab = tab === 'today' || tab === 'yesterday' || tab === 'tomorrow';
  const day = parseDay(
    search,
    basics.today,
    dayTab ? addDays(basics.today, DAY_SHORTCUTS[tab]) : basics.today,
  );
  // A day's list as live-score sites show it: in play first, then to come, then over.
  const base: MatchQuery = { gameIds: choice.gameIds, order: tab === 'bytime' ? 'asc' : 'live' };
  const { query, topics } =
    tab === 'live'
      ? { query: { ...base, statuses: ['in_progress' as const] }, topics: liveTopics(choice.gameIds) }
      : dayQuery(day, basics.zone, base);
  const contentTab = tab === 'highlights' || tab === 'hot';
  const listed = contentTab ? NO_GROUPS : groupsOrFailure(context, query);
  const screens = firstScreens(context, listed.groups, query, { byTime: tab === 'bytime' });
  const common = services.i18n.fixed(locale, 'common');
  const tabName = services.i18n.t(locale, `matches:home.tabs.${tab}`);
  return {
    ...basics,
    ...listed,
    ...screens,
    ...(contentTab
      ? {
          resources: services.i18n.resources(
            locale,
            tab === 'highlights' ? ['matches', 'content', 'live'] : ['matches', 'content'],
          ),
        }
      : {}),
    videos: tab === 'highlights' ? await highlightVideos(services, HIGHLIGHTS) : [],
    articles: tab === 'hot' ? await hotNews(services, HOT_ARTICLES) : [],
    marks: contentTab ? null : await marksOf(context),
    title:
      tab === 'today' && !search.has('date')
        ? common('seo.title')
        : pageTitle(context, services.i18n.t(locale, 'matches:seo.homeTab', { tab: tabName })),
    description: services.i18n.t(locale, 'matches:seo.homeDescription'),
    games: services.catalog.list(locale),
    menus: services.catalog.menus(locale),
    claims: (await services.project.editable()).claims,
    tab,
    day,
    choice,
    topics: listed.groups.length || tab === 'live' ? topics : [],
  };
}

export const meta: Route.MetaFunction = ({ data, matches, location }) =>
  data
    ? pageMeta({
        title: data.title,
        description: data.description,
        pathname: location.pathname,
        root: rootMetaData(matches),
      })
    : [];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <ScoresPage resources={loaderData.resources} zone={loaderData.zone} now={loaderData.now}>
      <RegionNames value={loaderData.regionNames}>
        <HomeScores data={loaderData} />
      </RegionNames>
    </ScoresPage>
  );
}

type HomeData = Route.ComponentProps['loaderData'];

function HomeScores({ data }: { data: HomeData }) {
  const { t } = useTranslation(['matches', 'common']);
  const locale = useLocale();
  const [search] = useSearchParams();
  const { tab, day, today, choice } = data;
  const dayView = tab !== 'live' && tab !== 'highlights' && tab !== 'hot';
  const activeDay = shortcutOf(day, today);
  const tabs = HOME_TABS.map((key) => {
    const isDayTab = key === 'today' || key === 'yesterday' || key === 'tomorrow';
    return {
      key,
      label: t(`home.tabs.${key}`),
      to: withParams(search, { tab: key === 'today' ? null : key, date: null }),
      active: isDayTab ? dayView && tab !== 'bytime' && activeDay === key : tab === key,
    };
  });
  const list = useUnfolded(data.groups, data.folded, data.whole);
  const live = useLiveGroups(list.groups, data.topics, list.folded);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="truncate text-base font-bold sm:text-xl">{t('common:home.headline')}</h1>
          <p className="hidden text-xs text-zinc-600 sm:block dark:text-zinc-400">
            {t('common:home.claims', {
              esportsGames: data.claims.esportsGames,
              users: new Intl.NumberFormat(BCP47[locale]).format(data.claims.users),
            })}
          </p>
        </div>
        {data.topics.length > 0 && (
          <span className="shrink-0 whitespace-nowrap">
            <ConnectionState status={live.status} />
          </span>
        )}
      </div>
      <div className="flex flex-col gap-2 rounded-xl bg-white px-2 pb-2 shadow-sm dark:bg-zinc-900">
        <div className="border-b border-zinc-100 dark:border-zinc-800">
          <LinkTabs label={t('home.tabsLabel')} items={tabs} />
        </div>
        <GameFilter tabs={data.menus.homeTabs} choice={choice} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <GameSwitch games={data.games} choice={choice} />
          {dayView && <DayPicker day={day} today={today} clear={tab === 'bytime' ? [] : ['tab']} />}
        </div>
      </div>
      <ScoreAnnouncer matches={live.groups.flatMap((group) => group.matches)} changed={live.changed} />
      <VisitorsDayList>
        <HomeList data={data} groups={live.groups} list={list} changed={live.changed} />
      </VisitorsDayList>
    </div>
  );
}

function HomeList({
  data,
  groups,
  list,
  changed,
}: {
  data: HomeData;
  groups: HomeData['groups'];
  list: UnfoldedList;
  changed: ReadonlySet<number>;
}) {
  const { t } = useTranslation('matches');
  const [search] = useSearchParams();
  const revalidator = useRevalidator();
  const loading = useListLoading();
  if (loading) return <MatchListSkeleton />;
  if (data.tab === 'highlights')
    return (
      <div className="flex flex-col gap-4">
        <Suspense fallback={null}>
          <MatchReplays />
        </Suspense>
        {data.videos.length === 0 ? <EmptyContentTab tab="highlights" /> : <VideoGrid videos={data.videos} />}
      </div>
    );
  if (data.tab === 'hot') {
    return data.articles.length === 0 ? (
      <EmptyContentTab tab="hot" />
    ) : (
      <ul className="divide-y divide-zinc-100 rounded-2xl bg-white shadow-sm dark:divide-zinc-800 dark:bg-zinc-900">
        {data.articles.map((article) => (
          <li key={article.id}>
            <NewsRow article={article} now={data.now} />
          </li>
        ))}
      </ul>
    );
  }
  if (data.failed) return <MatchesError onRetry={() => revalidator.revalidate()} />;
  if (groups.length === 0) {
    const filtered = data.choice.games.length > 0 || data.choice.kind !== 'all';
    return (
      <EmptyMatches
        action={
          filtered ? (
            <Link to={withParams(search, { games: null, kind: null })} className={buttonClass.secondary}>
              {t('home.showAll')}
            </Link>
          ) : data.day !== data.today ? (
            <Link to={withParams(search, { tab: null, date: null })} className={buttonClass.secondary}>
              {t('home.toToday')}
            </Link>
          ) : undefined
        }
      />
    );
  }
  return (
    <PinnedMatchList
      groups={groups}
      folded={list.foldedList}
      onFavourites={list.unfold}
      marks={data.marks}
      byTime={data.tab === 'bytime'}
      changed={changed}
    />
  );
}
