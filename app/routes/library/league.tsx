import { useEffect, useMemo, useRef, useState } from 'react';
import { data, Link } from 'react-router';
import type { Fixture } from '../../../modules/library';
import { cardClass, LinkTabs, mutedClass } from '../../components/ui';
import { BracketTree, RoundFixtures } from '../../features/library/fixtures';
import {
  DATA_LIBRARY_SHARING,
  dataLibraryGame,
  dataLibraryPageBasics,
} from '../../features/library/sharing.server';
import { type Ranking, StandingsTables, TeamName } from '../../features/library/standings-table';
import { matchIdOfPath, notFound, orNotFound, withBrand } from '../../features/match-page/page.server';
import { screenMeta } from '../../features/match-page/seo';
import { EmptyMatches } from '../../features/matches/list-states';
import { ConnectionState, useLiveMatches } from '../../features/matches/live';
import { ScoresPage } from '../../features/matches/time';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { SHARED_PAGE } from '../../lib/page-handle';
import { regionNames } from '../../lib/region-names.server';
import type { Route } from './+types/league';

/** The sub-views of spec point 2, in tab order. */
const VIEWS = ['sortTable', 'groupTable', 'scheduleTable', 'promotionTree', 'leagueList', 'config'] as const;
type View = (typeof VIEWS)[number];
const isView = (value: string): value is View => (VIEWS as readonly string[]).includes(value);

/** The stage each table view shows. */
const STAGE_OF: Partial<Record<View, string>> = {
  sortTable: 'league',
  groupTable: 'groups',
  promotionTree: 'knockout',
};

const NAMESPACES = ['leagues', 'matches'];

/** ?season= and ?round= of the page: positive whole numbers, else none. */
function numberParam(url: URL, name: string): number | undefined {
  const value = Number(url.searchParams.get(name));
  return Number.isInteger(value) && value > 0 && value < 1e12 ? value : undefined;
}

/** The round a fixture list opens on: the one asked for, else the first not yet over, else the last. */
function roundToShow(rounds: { round: number | null; fixtures: Fixture[] }[], asked: number | undefined) {
  return (
    rounds.find((r) => r.round === asked) ??
    rounds.find((r) => r.fixtures.some((f) => f.status !== 'finished' && f.status !== 'cancelled')) ??
    rounds.at(-1)
  );
}

export const handle = SHARED_PAGE;

/** /leagueLibrary/{id}/{view?}: a competition's season, as a table, groups, fixtures, bracket, seasons or facts. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, locale } = context;
  const id = matchIdOfPath(params.id);
  if (params.view !== undefined && !isView(params.view)) throw notFound();
  const url = new URL(request.url);
  const overview = await orNotFound(
    services.dataLibrary.overview(id, { seasonId: numberParam(url, 'season'), locale }),
  );
  const kinds = new Set(overview.stages.map((stage) => stage.kind));
  const views = VIEWS.filter((view) => {
    const stage = STAGE_OF[view];
    return stage === undefined || kinds.has(stage);
  });
  // A table or bracket first when the season has one; else its fixtures.
  const view: View = (params.view as View | undefined) ?? views.find((v) => STAGE_OF[v]) ?? 'scheduleTable';
  const scope = { seasonId: overview.season.id, locale };
  const stageOf = (kind: string | undefined) => overview.stages.find((stage) => stage.kind === kind)?.id;

  let standings = null;
  let bracket = null;
  let schedule = null;
  if (view === 'sortTable' || view === 'groupTable') {
    const stageId = stageOf(STAGE_OF[view]);
    if (stageId !== undefined) standings = await services.dataLibrary.standings(id, { ...scope, stageId });
  } else if (view === 'promotionTree') {
    if (stageOf('knockout') !== undefined) bracket = await services.dataLibrary.bracket(id, scope);
  } else if (view === 'scheduleTable') {
    const { rounds } = await services.dataLibrary.schedule(id, scope);
    const shown = roundToShow(rounds, numberParam(url, 'round'));
    schedule = {
      rounds: rounds.map((r) => r.round),
      round: shown?.round ?? null,
      fixtures: shown?.fixtures ?? [],
    };
  }
  // The matches in play that move this view: the page follows them and reloads its data on a change.
  const liveIds = standings?.live ?? bracket?.live ?? [];
  const live = liveIds.length ? services.matches.list({ ids: liveIds, locale }) : [];

  const game = dataLibraryGame(context, overview.league.gameId);
  const t = services.i18n.fixed(locale, 'leagues');
  const values = { league: overview.league.name, season: overview.season.name, game: game.name };
  return data(
    {
      title: withBrand(context, t('seo.title', { ...values, view: t(`views.${view}`) })),
      description: t('seo.description', values),
      overview,
      regionName:
        regionNames([overview.league.region], locale, t)[overview.league.region] ?? overview.league.region,
      game,
      views,
      view,
      standings,
      bracket,
      schedule,
      live,
      ...dataLibraryPageBasics(request, context, NAMESPACES),
    },
    { headers: DATA_LIBRARY_SHARING },
  );
}

/** Document responses carry the loader's sharing rule. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) => screenMeta(args);

export default function LeaguePage({ loaderData }: Route.ComponentProps) {
  return (
    <ScoresPage resources={loaderData.resources} zone={loaderData.zone} now={loaderData.now}>
      <LeagueView data={loaderData} />
    </ScoresPage>
  );
}

type Data = Route.ComponentProps['loaderData'];

/**
 * The page's table or bracket kept live: when a followed match of the league changes (a score, a
 * start, an end), it is asked for again from the /java call, which answers from the table the
 * server computed once that change was in (the page itself may come from the guests' cache).
 */
function useLiveView(data: Data) {
  const api = useApi();
  const { league, season } = data.overview;
  const [view, setView] = useState({ standings: data.standings, bracket: data.bracket });
  useEffect(
    () => setView({ standings: data.standings, bracket: data.bracket }),
    [data.standings, data.bracket],
  );
  const topics = useMemo(
    () => [`live:${league.gameId}`, ...data.live.map((match) => `match:${match.id}`)],
    [league.gameId, data.live],
  );
  const { matches, status } = useLiveMatches(data.live, topics);
  const mine = matches.filter((match) => match.league.id === league.id);
  const versions = mine.map((match) => `${match.id}:${match.seq}`).join(' ');
  const shown = useRef(versions);
  useEffect(() => {
    if (versions === shown.current) return;
    shown.current = versions;
    let current = true;
    const query = { seasonId: season.id, stageId: data.standings?.stage?.id };
    const ask = data.standings
      ? api
          .get<NonNullable<Data['standings']>>(`/library/league/${league.id}/standings`, {
            query,
            quiet: true,
          })
          .then((standings) => current && setView((now) => ({ ...now, standings })))
      : data.bracket
        ? api
            .get<NonNullable<Data['bracket']>>(`/library/league/${league.id}/bracket`, { query, quiet: true })
            .then((bracket) => current && setView((now) => ({ ...now, bracket })))
        : Promise.resolve();
    // A failed refresh keeps the table shown; the next change asks again.
    ask.catch(() => {});
    return () => {
      current = false;
    };
  }, [versions, api, league.id, season.id, data.standings, data.bracket]);
  return { ...view, status, inPlay: mine.some((match) => match.status === 'in_progress') };
}

function LeagueView({ data }: { data: Data }) {
  const { t } = useTranslation('leagues');
  const { overview, game, views, view, regionName } = data;
  const { league, season } = overview;
  const { standings, bracket, status, inPlay } = useLiveView(data);
  const seasonQuery = season.current ? '' : `?season=${season.id}`;
  const pathOf = (next: View) => `/leagueLibrary/${league.id}/${next}${seasonQuery}`;
  return (
    <div className="flex flex-col gap-4">
      <header className={`${cardClass} flex items-center gap-3`}>
        <img
          src={league.logo ?? `/games/${game.slug}.svg`}
          alt=""
          className="size-12 shrink-0 rounded object-contain"
        />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-bold sm:text-2xl">{league.name}</h1>
          <p className={mutedClass}>
            {game.name} · {regionName} · {t('season')} {season.name}
          </p>
        </div>
        {inPlay && <ConnectionState status={status} />}
      </header>
      <LinkTabs
        label={t('views.label')}
        items={views.map((key) => ({
          key,
          label: t(`views.${key}`),
          to: pathOf(key),
          active: key === view,
        }))}
      />
      {inPlay && <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('table.live')}</p>}
      <ViewBody data={{ ...data, standings, bracket }} />
    </div>
  );
}

function ViewBody({ data }: { data: Data }) {
  const { t } = useTranslation('leagues');
  const { overview, game, view, standings, bracket, schedule, regionName } = data;
  const { league, season } = overview;
  switch (view) {
    case 'sortTable':
    case 'groupTable':
      return standings?.tables.some((table) => table.rows.length > 0) ? (
        <StandingsTables tables={standings.tables} ranking={standings.ranking as Ranking} />
      ) : (
        <EmptyMatches title={t('empty')} hint={t('emptyHint')} />
      );
    case 'promotionTree':
      return bracket && bracket.rounds.length > 0 ? (
        <BracketTree rounds={bracket.rounds} game={game.slug} />
      ) : (
        <EmptyMatches title={t('noBracket')} hint={t('emptyHint')} />
      );
    case 'scheduleTable':
      return schedule && schedule.fixtures.length > 0 ? (
        <RoundFixtures
          round={schedule.round}
          fixtures={schedule.fixtures}
          rounds={schedule.rounds}
          game={game.slug}
          pathOfRound={(round) => {
            const query = new URLSearchParams();
            if (!season.current) query.set('season', String(season.id));
            if (round !== null) query.set('round', String(round));
            return `/leagueLibrary/${league.id}/scheduleTable?${query}`;
          }}
        />
      ) : (
        <EmptyMatches title={t('empty')} hint={t('emptyHint')} />
      );
    case 'leagueList':
      return (
        <div className="grid gap-4 md:grid-cols-2">
          <section className={cardClass}>
            <h2 className="mb-2 font-semibold">{t('views.leagueList')}</h2>
            <ul className="flex flex-col gap-1">
              {overview.seasons.map((s) => (
                <li key={s.id}>
                  <Link
                    to={`/leagueLibrary/${league.id}/leagueList${s.current ? '' : `?season=${s.id}`}`}
                    aria-current={s.id === season.id ? 'page' : undefined}
                    className="flex items-center justify-between rounded-lg px-3 py-2 hover:bg-zinc-100 aria-[current=page]:bg-zinc-100 aria-[current=page]:font-semibold dark:hover:bg-zinc-800 dark:aria-[current=page]:bg-zinc-800"
                  >
                    {s.name}
                    {s.current && <span className="text-xs text-brand-ink">{t('current')}</span>}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <section className={cardClass}>
            <h2 className="mb-2 font-semibold">{t('seasons.stages')}</h2>
            <p className={`${mutedClass} mb-2`}>
              {t('seasons.from', { from: season.startsOn, to: season.endsOn })}
            </p>
            <ol className="flex flex-col gap-1">
              {overview.stages.map((stage) => (
                <li key={stage.id} className="flex items-center justify-between rounded-lg px-3 py-2">
                  <span>{stage.name}</span>
                  <span className={mutedClass}>
                    {t(`seasons.kind.${stage.kind}`)}
                    {stage.twoLegged ? ` · ${t('seasons.twoLegged')}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          </section>
        </div>
      );
    case 'config':
      return (
        <div className="grid gap-4 md:grid-cols-[18rem_1fr]">
          <section className={cardClass}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className={mutedClass}>{t('about.game')}</dt>
              <dd>{game.name}</dd>
              <dt className={mutedClass}>{t('about.format')}</dt>
              <dd>{t(`format.${league.format}`)}</dd>
              <dt className={mutedClass}>{t('library.region')}</dt>
              <dd>{regionName}</dd>
              <dt className={mutedClass}>{t('season')}</dt>
              <dd>{season.name}</dd>
            </dl>
          </section>
          <section className={cardClass}>
            <h2 className="mb-2 font-semibold">{t('about.teams', { count: overview.teams.length })}</h2>
            <ul className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
              {overview.teams.map((team) => (
                <li key={team.id} className="min-w-0">
                  <TeamName team={team} />
                </li>
              ))}
            </ul>
          </section>
        </div>
      );
  }
}
