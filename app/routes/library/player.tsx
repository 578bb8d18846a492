import { data, Link } from 'react-router';
import { BCP47 } from '../../../lib/locales';
import { cardClass, LinkTabs, mutedClass } from '../../components/ui';
import { PlayerAge } from '../../features/library/player-facts';
import { positionName } from '../../features/library/positions';
import {
  DATA_LIBRARY_SHARING,
  dataLibraryGame,
  dataLibraryPageBasics,
} from '../../features/library/sharing.server';
import { TeamLogo, TeamName } from '../../features/library/standings-table';
import { matchIdOfPath, notFound, orNotFound, withBrand } from '../../features/match-page/page.server';
import { screenMeta } from '../../features/match-page/seo';
import { EmptyMatches } from '../../features/matches/list-states';
import { ScoresPage, timeFormat, usePageTime } from '../../features/matches/time';
import { useTranslation } from '../../i18n/translations';
import { SHARED_PAGE } from '../../lib/page-handle';
import { regionNames } from '../../lib/region-names.server';
import { useLocale } from '../../lib/use-locale';
import type { Route } from './+types/player';

/** The sub-views of a player, in tab order. */
const VIEWS = ['overview', 'matches'] as const;
type View = (typeof VIEWS)[number];
const isView = (value: string): value is View => (VIEWS as readonly string[]).includes(value);

const NAMESPACES = ['squads', 'leagues', 'matches'];

const DATE: Intl.DateTimeFormatOptions = { day: '2-digit', month: '2-digit', year: 'numeric' };

export const handle = SHARED_PAGE;

/** /playerLibrary/{id}/{view?}: a player's profile and numbers by competition, or his last matches. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, locale } = context;
  const id = matchIdOfPath(params.id);
  if (params.view !== undefined && !isView(params.view)) throw notFound();
  const view: View = (params.view as View | undefined) ?? 'overview';
  const profile = await orNotFound(services.dataLibrary.player(id, locale));
  const { player } = profile;
  const game = dataLibraryGame(context, player.gameId);
  const t = services.i18n.fixed(locale, 'squads');
  const values = { player: player.nickname ?? player.name, team: player.team?.name ?? '', game: game.name };
  return data(
    {
      title: withBrand(context, t('player.seoTitle', { ...values, view: t(`player.views.${view}`) })),
      description: t(player.team ? 'player.seoDescription' : 'player.seoDescriptionFree', values),
      profile,
      game,
      nationality: player.nationality
        ? (regionNames([player.nationality], locale, services.i18n.fixed(locale, 'leagues'))[
            player.nationality
          ] ?? player.nationality)
        : null,
      view,
      ...dataLibraryPageBasics(request, context, NAMESPACES),
    },
    { headers: DATA_LIBRARY_SHARING },
  );
}

/** Document responses carry the loader's sharing rule. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) => screenMeta(args);

export default function PlayerPage({ loaderData }: Route.ComponentProps) {
  return (
    <ScoresPage resources={loaderData.resources} zone={loaderData.zone} now={loaderData.now}>
      <PlayerView data={loaderData} />
    </ScoresPage>
  );
}

type Data = Route.ComponentProps['loaderData'];

function PlayerView({ data }: { data: Data }) {
  const { t } = useTranslation('squads');
  const { profile, game, view, nationality, now } = data;
  const { player } = profile;
  return (
    <div className="flex flex-col gap-4">
      <header className={`${cardClass} flex items-center gap-3`}>
        <span
          aria-hidden="true"
          className="grid size-12 shrink-0 place-items-center rounded-full bg-brand/10 text-lg font-bold text-brand-ink"
        >
          {player.shirtNumber ?? (player.nickname ?? player.name).slice(0, 1)}
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-bold sm:text-2xl">{player.nickname ?? player.name}</h1>
          <p className={`${mutedClass} flex flex-wrap items-center gap-x-2`}>
            {player.nickname && <span>{player.name}</span>}
            {player.position && <span>{positionName(t, game.slug, player.position)}</span>}
            {nationality && <span>{nationality}</span>}
            <PlayerAge birthDate={player.birthDate} now={now} />
          </p>
        </div>
        {player.team && (
          <Link
            to={`/squadLibrary/${player.team.id}`}
            className="hidden items-center gap-2 text-sm font-medium hover:underline sm:flex"
          >
            <TeamLogo team={player.team} size="size-8" />
            {player.team.name}
          </Link>
        )}
      </header>
      {player.injury && (
        <p
          role="status"
          className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-300"
        >
          {player.injury.until
            ? t('player.injuredUntil', { reason: player.injury.reason, date: player.injury.until })
            : t('player.injuredReason', { reason: player.injury.reason })}
        </p>
      )}
      <LinkTabs
        label={t('player.views.label')}
        items={VIEWS.map((key) => ({
          key,
          label: t(`player.views.${key}`),
          to: `/playerLibrary/${player.id}${key === 'overview' ? '' : `/${key}`}`,
          active: key === view,
        }))}
      />
      {view === 'overview' ? <Overview data={data} /> : <Matches data={data} />}
    </div>
  );
}

function Overview({ data }: { data: Data }) {
  const { t } = useTranslation('squads');
  const { profile, game, nationality } = data;
  const { player, seasons, statKeys } = profile;
  return (
    <div className="grid gap-4 md:grid-cols-[18rem_1fr]">
      <section className={cardClass} aria-label={t('player.about')}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className={mutedClass}>{t('team.game')}</dt>
          <dd>{game.name}</dd>
          {player.team && (
            <>
              <dt className={mutedClass}>{t('player.team')}</dt>
              <dd className="min-w-0">
                <TeamName team={player.team} />
              </dd>
            </>
          )}
          {player.position && (
            <>
              <dt className={mutedClass}>{t('player.position')}</dt>
              <dd>{positionName(t, game.slug, player.position)}</dd>
            </>
          )}
          {player.shirtNumber !== null && (
            <>
              <dt className={mutedClass}>{t('player.number')}</dt>
              <dd className="tabular-nums">{player.shirtNumber}</dd>
            </>
          )}
          {nationality && (
            <>
              <dt className={mutedClass}>{t('player.nationality')}</dt>
              <dd>{nationality}</dd>
            </>
          )}
          {player.birthDate && (
            <>
              <dt className={mutedClass}>{t('player.born')}</dt>
              <dd className="tabular-nums">{player.birthDate}</dd>
            </>
          )}
          <dt className={mutedClass}>{t('player.status')}</dt>
          <dd className={player.injury ? 'font-medium text-red-700 dark:text-red-400' : ''}>
            {player.injury ? t('player.injured') : t('player.fit')}
          </dd>
        </dl>
      </section>
      {seasons.length === 0 ? (
        <EmptyMatches title={t('player.noMatches')} hint={t('player.noMatchesHint')} />
      ) : (
        <section className={`${cardClass} overflow-x-auto p-0 sm:p-0`}>
          <table className="w-full text-sm">
            <caption className="px-4 py-2 text-start font-semibold">{t('player.seasonStats')}</caption>
            <thead className="text-xs text-zinc-500 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-4 py-2 text-start font-medium">
                  {t('team.competition')}
                </th>
                <StatHeads keys={['appearances', 'starts', ...statKeys]} />
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {seasons.map((season) => (
                <tr key={season.league.id}>
                  <th scope="row" className="max-w-48 truncate px-4 py-2 text-start font-normal">
                    <Link to={`/leagueLibrary/${season.league.id}`} className="hover:underline">
                      {season.league.name}
                    </Link>
                  </th>
                  <td className="px-1.5 py-2 text-center tabular-nums">{season.appearances}</td>
                  <td className="px-1.5 py-2 text-center tabular-nums">{season.starts}</td>
                  {statKeys.map((key) => (
                    <td key={key} className="px-1.5 py-2 text-center tabular-nums">
                      {season.stats[key] ?? 0}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

function StatHeads({ keys }: { keys: readonly string[] }) {
  const { t } = useTranslation('squads');
  return keys.map((key) => (
    <th key={key} scope="col" className="px-1.5 py-2 text-center font-medium">
      <abbr title={t(`stats.${key}Long`)} className="no-underline">
        {t(`stats.${key}`)}
      </abbr>
    </th>
  ));
}

function Matches({ data }: { data: Data }) {
  const { t } = useTranslation('squads');
  const { zone } = usePageTime();
  const locale = BCP47[useLocale()];
  const { profile, game } = data;
  const { recent, statKeys } = profile;
  if (recent.length === 0)
    return <EmptyMatches title={t('player.noMatches')} hint={t('player.noMatchesHint')} />;
  const date = timeFormat(locale, zone, DATE);
  return (
    <section className={`${cardClass} overflow-x-auto p-0 sm:p-0`}>
      <table className="w-full text-sm">
        <caption className="px-4 py-2 text-start font-semibold">{t('player.recent')}</caption>
        <thead className="text-xs text-zinc-500 dark:text-zinc-400">
          <tr>
            <th scope="col" className="px-4 py-2 text-start font-medium">
              {t('player.match')}
            </th>
            <StatHeads keys={statKeys} />
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {recent.map(({ match, side, starter, stats }) => {
            const opponent = side === 'home' ? match.away : match.home;
            const own = side === 'home' ? match.homeScore : match.awayScore;
            const other = side === 'home' ? match.awayScore : match.homeScore;
            return (
              <tr key={match.id}>
                <th scope="row" className="px-4 py-2 text-start font-normal">
                  <Link to={`/${game.slug}/${match.id}`} className="flex min-w-0 flex-col hover:underline">
                    <span className="truncate">
                      {t(side === 'home' ? 'player.versusHome' : 'player.versusAway', {
                        team: opponent?.name ?? '',
                      })}{' '}
                      <span className="font-semibold tabular-nums">
                        {own}–{other}
                      </span>
                    </span>
                    <span className={`${mutedClass} truncate text-xs`}>
                      <time dateTime={new Date(match.startsAt).toISOString()}>
                        {date.format(match.startsAt)}
                      </time>
                      {` · ${match.league.name}`}
                      {starter ? '' : ` · ${t('player.cameOn')}`}
                    </span>
                  </Link>
                </th>
                {statKeys.map((key) => (
                  <td key={key} className="px-1.5 py-2 text-center tabular-nums">
                    {stats[key] ?? 0}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
