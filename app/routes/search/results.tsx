import { type ReactNode, useId } from 'react';
import { data, Form, Link, useNavigate } from 'react-router';
import type { SearchResults, TabResults } from '../../../modules/search/search.contract';
import { searchText } from '../../../modules/search/search.contract';
import { SEARCH_TABS, type SearchTab } from '../../../modules/search/search-constants.contract';
import {
  buttonClass,
  cardClass,
  DateTime,
  EmptyState,
  inputClass,
  LinkTabs,
  mutedClass,
} from '../../components/ui';
import { Highlighted } from '../../features/search/highlight';
import { matchPath, newsPath, resultsPath } from '../../features/search/paths';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import { SHARED_PAGE } from '../../lib/page-handle';
import type { Route } from './+types/results';

const NAMESPACES = ['search'];

type Found = { tab: 'all'; results: SearchResults } | TabResults;

export const handle = SHARED_PAGE;

/** /s/{text} and /search/{text}: results in the spec's four tabs plus news (`?tab=`). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, locale } = context;
  const url = new URL(request.url);
  // The text is in the path; the page's form sends it as `?text=` when scripts are off.
  const asked = searchText.safeParse(params.text ?? url.searchParams.get('text') ?? '');
  const text = asked.success ? asked.data : '';
  const named = url.searchParams.get('tab');
  const tab: SearchTab = SEARCH_TABS.find((key) => key === named) ?? 'all';
  let found: Found | null = null;
  if (text)
    found =
      tab === 'all'
        ? { tab, results: await services.search.all(text, locale) }
        : await services.search.tab(text, tab, locale);
  const t = services.i18n.fixed(locale, 'search');
  return data(
    {
      text,
      tab,
      found,
      title: text ? t('title', { text }) : services.i18n.fixed(locale, 'common')('search.label'),
      resources: services.i18n.resources(locale, NAMESPACES),
    },
    // Results change as rooms go on air: shared briefly, like other guests' pages.
    { headers: { 'cache-control': 'public, max-age=0, s-maxage=10' } },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

// Result pages are many and short-lived: search engines are told not to keep them.
export const meta: Route.MetaFunction = ({ data }) =>
  data ? [{ title: data.title }, { name: 'robots', content: 'noindex' }] : [];

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <SearchView {...loaderData} />
    </RouteTranslations>
  );
}

function SearchView({ text, tab, found }: Route.ComponentProps['loaderData']) {
  const { t } = useTranslation('search');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{text ? t('heading', { text }) : tc('search.label')}</h1>
      <Form
        method="get"
        action="/search"
        role="search"
        className="flex gap-2"
        onSubmit={(event) => {
          const input = new FormData(event.currentTarget).get('text');
          if (typeof input === 'string' && input.trim()) {
            event.preventDefault();
            void navigate(resultsPath(input, tab));
          }
        }}
      >
        <label className="min-w-0 flex-1">
          <span className="sr-only">{tc('search.label')}</span>
          <input
            type="search"
            name="text"
            defaultValue={text}
            maxLength={50}
            placeholder={tc('search.placeholder')}
            className={inputClass}
          />
        </label>
        <button type="submit" className={buttonClass.primary}>
          {tc('search.label')}
        </button>
      </Form>
      {text ? (
        <>
          <LinkTabs
            label={t('tabsLabel')}
            items={SEARCH_TABS.map((key) => ({
              key,
              label: t(`tabs.${key}`),
              to: resultsPath(text, key),
              active: key === tab,
            }))}
          />
          {found && <Results text={text} found={found} />}
        </>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('prompt')}</p>
      )}
    </div>
  );
}

function Results({ text, found }: { text: string; found: Found }) {
  const { t } = useTranslation('search');
  const empty = (
    <div className={cardClass}>
      <EmptyState title={t('empty', { text })} hint={t('emptyHint')} />
    </div>
  );
  // One tab's list sits in a card, as the comprehensive tab's sections do.
  const card = (list: ReactNode) => <div className={cardClass}>{list}</div>;
  switch (found.tab) {
    case 'all': {
      const r = found.results;
      if (Object.values(r).every((list) => list.length === 0)) return empty;
      const more = (tab: SearchTab) => resultsPath(text, tab);
      return (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <Section title={t('tabs.rooms')} more={more('rooms')} items={r.rooms.length}>
            <RoomList text={text} rooms={r.rooms} />
          </Section>
          <Section title={t('tabs.matches')} more={more('matches')} items={r.matches.length}>
            <MatchList matches={r.matches} text={text} />
          </Section>
          <Section title={t('sections.teams')} items={r.teams.length}>
            <NameList
              text={text}
              items={r.teams.map((x) => ({ key: x.id, to: `/squadLibrary/${x.id}`, name: x.name }))}
            />
          </Section>
          <Section title={t('sections.leagues')} items={r.leagues.length}>
            <NameList
              text={text}
              items={r.leagues.map((x) => ({ key: x.id, to: `/leagueLibrary/${x.id}`, name: x.name }))}
            />
          </Section>
          <Section title={t('sections.players')} items={r.players.length}>
            <NameList
              text={text}
              items={r.players.map((x) => ({
                key: x.id,
                to: `/playerLibrary/${x.id}`,
                name: x.name,
                detail: x.team,
              }))}
            />
          </Section>
          <Section title={t('tabs.anchors')} more={more('anchors')} items={r.anchors.length}>
            <AnchorList text={text} anchors={r.anchors} />
          </Section>
          <Section title={t('tabs.news')} more={more('news')} items={r.news.length}>
            <NewsList text={text} news={r.news} />
          </Section>
        </div>
      );
    }
    case 'matches':
      return found.list.length ? card(<MatchList matches={found.list} text={text} />) : empty;
    case 'anchors':
      return found.list.length ? card(<AnchorList text={text} anchors={found.list} />) : empty;
    case 'rooms':
      return found.list.length ? card(<RoomList text={text} rooms={found.list} />) : empty;
    case 'news':
      return found.list.length ? card(<NewsList text={text} news={found.list} />) : empty;
  }
}

function Section({
  title,
  more,
  items,
  children,
}: {
  title: string;
  more?: string;
  items: number;
  children: ReactNode;
}) {
  const { t } = useTranslation('search');
  const headingId = useId();
  if (!items) return null;
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id={headingId} className="font-semibold">
          {title}
        </h2>
        {more && (
          <Link to={more} className="text-sm text-brand-ink hover:underline">
            {t('seeAll')}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

const rowClass = 'flex items-center gap-3 rounded-lg px-2 py-2 hover:bg-zinc-100 dark:hover:bg-zinc-800';

function NameList({
  text,
  items,
}: {
  text: string;
  items: { key: number; to: string; name: string; detail?: string | null }[];
}) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item.key}>
          <Link to={item.to} className={rowClass}>
            <span className="min-w-0 flex-1 truncate font-medium">
              <Highlighted text={item.name} query={text} />
            </span>
            {item.detail && <span className={`${mutedClass} truncate`}>{item.detail}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function LiveBadge({ live }: { live: boolean }) {
  const { t } = useTranslation('search');
  const { t: tc } = useTranslation();
  return live ? (
    <span className="shrink-0 rounded bg-red-600 px-1.5 py-0.5 text-xs font-semibold text-white">
      {tc('nav.live')}
    </span>
  ) : (
    <span className={`${mutedClass} shrink-0 text-xs`}>{t('offAir')}</span>
  );
}

function RoomList({ text, rooms }: { text: string; rooms: SearchResults['rooms'] }) {
  return (
    <ul className="grid grid-cols-1 gap-1">
      {rooms.map((room) => (
        <li key={room.id}>
          <Link to={`/live/${room.id}`} className={rowClass}>
            <img
              src={room.cover}
              alt=""
              width={80}
              height={45}
              className="aspect-video w-20 shrink-0 rounded object-cover"
            />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate font-medium">
                <Highlighted text={room.title} query={text} />
              </span>
              <span className={`${mutedClass} truncate`}>
                <Highlighted text={room.anchor} query={text} />
              </span>
            </span>
            <LiveBadge live={room.live} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

function AnchorList({ text, anchors }: { text: string; anchors: SearchResults['anchors'] }) {
  return (
    <ul className="grid grid-cols-1 gap-1">
      {anchors.map((anchor) => (
        <li key={anchor.id}>
          <Link to={`/anchor/${anchor.id}`} className={rowClass}>
            <img
              src={anchor.avatar ?? '/brand/mark.svg'}
              alt=""
              width={32}
              height={32}
              className="size-8 shrink-0 rounded-full object-cover"
            />
            <span className="min-w-0 flex-1 truncate font-medium">
              <Highlighted text={anchor.name} query={text} />
            </span>
            {anchor.roomId !== null && <LiveBadge live={anchor.live} />}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function MatchList({ matches, text }: { matches: SearchResults['matches']; text: string }) {
  return (
    <ul className="grid grid-cols-1 gap-1">
      {matches.map((match) => (
        <li key={match.id}>
          <Link to={matchPath(match)} className={`${rowClass} text-sm`}>
            <span className={`${mutedClass} w-28 shrink-0 truncate`}>
              <DateTime value={match.startsAt} />
            </span>
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate">
                <Highlighted text={match.home} query={text} /> –{' '}
                <Highlighted text={match.away} query={text} />
              </span>
              <span className={`${mutedClass} truncate`}>
                <Highlighted text={match.league} query={text} />
              </span>
            </span>
            {match.status !== 'not_started' && (
              <span className="shrink-0 font-semibold tabular-nums">
                {match.homeScore}:{match.awayScore}
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function NewsList({ text, news }: { text: string; news: SearchResults['news'] }) {
  const { t } = useTranslation('search');
  return (
    <ul className="grid grid-cols-1 gap-1">
      {news.map((item) => (
        <li key={`${item.kind}-${item.id}`}>
          <Link to={newsPath(item)} className={rowClass}>
            <span className="min-w-0 flex-1 truncate font-medium">
              <Highlighted text={item.title} query={text} />
            </span>
            {item.kind === 'video' && <span className={`${mutedClass} shrink-0 text-xs`}>{t('video')}</span>}
            <span className={`${mutedClass} shrink-0 text-xs`}>
              <DateTime value={item.publishedAt} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
