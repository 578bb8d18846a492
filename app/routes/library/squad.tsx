import { data, Link } from 'react-router';
import type { TeamProfile } from '../../../modules/library';
import { cardClass, LinkTabs, mutedClass } from '../../components/ui';
import { FixtureList } from '../../features/library/fixtures';
import { PlayerAge } from '../../features/library/player-facts';
import { byPosition, positionName } from '../../features/library/positions';
import {
  DATA_LIBRARY_SHARING,
  dataLibraryGame,
  dataLibraryPageBasics,
} from '../../features/library/sharing.server';
import { FormBadges, formLabelsOf, TeamLogo } from '../../features/library/standings-table';
import { matchIdOfPath, notFound, orNotFound, withBrand } from '../../features/match-page/page.server';
import { screenMeta } from '../../features/match-page/seo';
import { CalendarLink } from '../../features/matches/calendar-link';
import { EmptyMatches } from '../../features/matches/list-states';
import { ScoresPage } from '../../features/matches/time';
import { useTranslation } from '../../i18n/translations';
import { SHARED_PAGE } from '../../lib/page-handle';
import { regionNames } from '../../lib/region-names.server';
import type { Route } from './+types/squad';

/** The sub-views of a team, in tab order. */
const VIEWS = ['overview', 'squad', 'schedule', 'stats'] as const;
type View = (typeof VIEWS)[number];
const isView = (value: string): value is View => (VIEWS as readonly string[]).includes(value);

const NAMESPACES = ['squads', 'leagues', 'matches'];

export const handle = SHARED_PAGE;

/** /squadLibrary/{id}/{view?}: a team's profile, squad, matches and record by competition. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { services, locale } = context;
  const id = matchIdOfPath(params.id);
  if (params.view !== undefined && !isView(params.view)) throw notFound();
  const view: View = (params.view as View | undefined) ?? 'overview';
  const profile = await orNotFound(services.dataLibrary.team(id, locale));
  const game = dataLibraryGame(context, profile.team.gameId);
  const t = services.i18n.fixed(locale, 'squads');
  const values = { team: profile.team.name, game: game.name };
  const countries = new Set([
    ...(profile.team.country ? [profile.team.country] : []),
    ...profile.squad.flatMap((player) => player.nationality ?? []),
  ]);
  return data(
    {
      title: withBrand(context, t('team.seoTitle', { ...values, view: t(`team.views.${view}`) })),
      description: t('team.seoDescription', values),
      profile,
      game,
      countries: regionNames(countries, locale, services.i18n.fixed(locale, 'leagues')),
      view,
      ...dataLibraryPageBasics(request, context, NAMESPACES),
    },
    { headers: DATA_LIBRARY_SHARING },
  );
}

/** Document responses carry the loader's sharing rule. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = (args) => screenMeta(args);

export default function SquadPage({ loaderData }: Route.ComponentProps) {
  return (
    <ScoresPage resources={loaderData.resources} zone={loaderData.zone} now={loaderData.now}>
      <TeamView data={loaderData} />
    </ScoresPage>
  );
}

type Data = Route.ComponentProps['loaderData'];

function TeamView({ data }: { data: Data }) {
  const { t } = useTranslation('squads');
  const { profile, game, view, countries } = data;
  const { team } = profile;
  return (
    <div className="flex flex-col gap-4">
      <header className={`${cardClass} flex items-center gap-3`}>
        <TeamLogo team={team} size="size-12 text-sm" />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-bold sm:text-2xl">{team.name}</h1>
          <p className={mutedClass}>
            {game.name}
            {team.country ? ` · ${countries[team.country] ?? team.country}` : ''}
          </p>
        </div>
        <CalendarLink href={`/calendar/team/${team.id}.ics`} />
        {profile.form.length > 0 && (
          <div className="hidden flex-col items-end gap-1 sm:flex">
            <span className={mutedClass}>{t('team.form')}</span>
            <FormBadges form={profile.form} labels={formLabelsOf(t)} />
          </div>
        )}
      </header>
      <LinkTabs
        label={t('team.views.label')}
        items={VIEWS.map((key) => ({
          key,
          label: t(`team.views.${key}`),
          to: `/squadLibrary/${team.id}${key === 'overview' ? '' : `/${key}`}`,
          active: key === view,
        }))}
      />
      <ViewBody data={data} />
    </div>
  );
}

function ViewBody({ data }: { data: Data }) {
  const { t } = useTranslation('squads');
  const { profile, game, view } = data;
  switch (view) {
    case 'overview':
      return (
        <div className="grid gap-4 md:grid-cols-[18rem_1fr]">
          <div className="flex flex-col gap-4">
            <TeamFacts data={data} />
            <Records records={profile.records} compact />
          </div>
          <div className="flex flex-col gap-4">
            <MatchesCard title={t('team.upcoming')} matches={profile.upcoming.slice(0, 1)} game={game.slug} />
            <MatchesCard title={t('team.recent')} matches={profile.recent.slice(0, 5)} game={game.slug} />
          </div>
        </div>
      );
    case 'squad':
      return <Squad data={data} />;
    case 'schedule':
      return (
        <div className="grid gap-4 md:grid-cols-2">
          <MatchesCard title={t('team.upcoming')} matches={profile.upcoming} game={game.slug} />
          <MatchesCard title={t('team.recent')} matches={profile.recent} game={game.slug} />
        </div>
      );
    case 'stats':
      return <Records records={profile.records} />;
  }
}

function TeamFacts({ data }: { data: Data }) {
  const { t } = useTranslation('squads');
  const { profile, game, countries } = data;
  const { team } = profile;
  return (
    <section className={cardClass} aria-label={t('team.about')}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className={mutedClass}>{t('team.game')}</dt>
        <dd>{game.name}</dd>
        {team.country && (
          <>
            <dt className={mutedClass}>{t('team.country')}</dt>
            <dd>{countries[team.country] ?? team.country}</dd>
          </>
        )}
        {team.founded !== null && (
          <>
            <dt className={mutedClass}>{t('team.founded')}</dt>
            <dd>{team.founded}</dd>
          </>
        )}
        {team.venue && (
          <>
            <dt className={mutedClass}>{t('team.venue')}</dt>
            <dd>{team.venue}</dd>
          </>
        )}
        <dt className={mutedClass}>{t('team.players')}</dt>
        <dd>
          <Link to={`/squadLibrary/${team.id}/squad`} className="text-brand-ink hover:underline">
            {profile.squad.length}
          </Link>
        </dd>
        {profile.form.length > 0 && (
          <>
            <dt className={mutedClass}>{t('team.form')}</dt>
            <dd>
              <FormBadges form={profile.form} labels={formLabelsOf(t)} />
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

function MatchesCard({
  title,
  matches,
  game,
}: {
  title: string;
  matches: TeamProfile['recent'];
  game: string;
}) {
  const { t } = useTranslation('squads');
  return (
    <section className={`${cardClass} p-0 sm:p-0`} aria-label={title}>
      <h2 className="border-b border-zinc-100 px-4 py-2 font-semibold dark:border-zinc-800">{title}</h2>
      {matches.length > 0 ? (
        <FixtureList fixtures={matches} game={game} />
      ) : (
        <p className={`${mutedClass} px-4 py-6 text-center`}>{t('team.noMatches')}</p>
      )}
    </section>
  );
}

/** The team's record in each competition: played, won, drawn, lost, for and against. */
function Records({ records, compact = false }: { records: TeamProfile['records']; compact?: boolean }) {
  const { t } = useTranslation('squads');
  if (records.length === 0)
    return compact ? null : <EmptyMatches title={t('team.noRecord')} hint={t('team.noRecordHint')} />;
  const columns = ['played', 'won', 'drawn', 'lost', 'scored', 'conceded'] as const;
  const shown = compact ? columns.slice(0, 4) : columns;
  return (
    <section className={`${cardClass} overflow-x-auto p-0 sm:p-0`}>
      <table className="w-full text-sm">
        <caption className="px-4 py-2 text-start font-semibold">{t('team.competitions')}</caption>
        <thead className="text-xs text-zinc-500 dark:text-zinc-400">
          <tr>
            <th scope="col" className="px-4 py-2 text-start font-medium">
              {t('team.competition')}
            </th>
            {shown.map((key) => (
              <th key={key} scope="col" className="px-1.5 py-2 text-center font-medium">
                <abbr title={t(`record.${key}Long`)} className="no-underline">
                  {t(`record.${key}`)}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {records.map((record) => (
            <tr key={record.league.id}>
              <th scope="row" className="max-w-48 truncate px-4 py-2 text-start font-normal">
                <Link to={`/leagueLibrary/${record.league.id}`} className="hover:underline">
                  {record.league.name}
                </Link>
              </th>
              {shown.map((key) => (
                <td key={key} className="px-1.5 py-2 text-center tabular-nums">
                  {record[key]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Squad({ data }: { data: Data }) {
  const { t } = useTranslation('squads');
  const { profile, game, countries, now } = data;
  if (profile.squad.length === 0)
    return <EmptyMatches title={t('team.noSquad')} hint={t('team.noSquadHint')} />;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {byPosition(profile.squad).map(([position, players]) => (
        <section key={position ?? ''} className={`${cardClass} p-0 sm:p-0`}>
          <h2 className="border-b border-zinc-100 px-4 py-2 font-semibold dark:border-zinc-800">
            {positionName(t, game.slug, position)}
          </h2>
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {players.map((player) => (
              <li key={player.id}>
                <Link
                  to={`/playerLibrary/${player.id}`}
                  className="grid grid-cols-[2rem_1fr_auto] items-center gap-2 px-4 py-2 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800/40"
                >
                  <span className="text-center font-bold tabular-nums text-zinc-500 dark:text-zinc-400">
                    {player.shirtNumber ?? '–'}
                  </span>
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate font-medium">{player.nickname ?? player.name}</span>
                    <span className={`${mutedClass} truncate text-xs`}>
                      {player.nickname ? `${player.name} · ` : ''}
                      {player.nationality ? (countries[player.nationality] ?? player.nationality) : ''}
                    </span>
                  </span>
                  <span className="flex flex-col items-end text-xs">
                    <PlayerAge birthDate={player.birthDate} now={now} />
                    {player.injury && (
                      <span className="font-medium text-red-700 dark:text-red-400">
                        {t('player.injured')}
                      </span>
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
