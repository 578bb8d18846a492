import { Link } from 'react-router';
import { BCP47 } from '../../../lib/locales';
import type { TFunction } from '../../../lib/translate';
import type { BracketView, Fixture } from '../../../modules/library';
import { cardClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useLocale } from '../../lib/use-locale';
import { timeFormat, usePageTime } from '../matches';
import { TeamName } from './standings-table';

const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** What the rows of a list share, taken once by the list rather than by every row. */
interface RowText {
  t: TFunction;
  locale: string;
  zone: string;
}

/** The kick-off (or the state of a match under way or over), in the visitor's zone. */
function FixtureTime({ fixture, t, locale, zone }: { fixture: Fixture } & RowText) {
  if (fixture.status === 'in_progress')
    return (
      <span className="flex items-center gap-1 font-semibold text-brand-ink">
        <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-brand" />
        {t('matches:status.live')}
      </span>
    );
  if (fixture.status === 'postponed' || fixture.status === 'cancelled')
    return (
      <span className="text-amber-700 dark:text-amber-400">
        {t(fixture.status === 'postponed' ? 'matches:status.postponed' : 'matches:status.cancelled')}
      </span>
    );
  return (
    <time dateTime={new Date(fixture.startsAt).toISOString()} className="text-zinc-500 dark:text-zinc-400">
      {timeFormat(locale, zone, DATE_TIME).format(fixture.startsAt)}
    </time>
  );
}

/** A match of a list, with its competition when the list mixes competitions (a team's matches). */
type ListedFixture = Fixture & { league?: { id: number; name: string } };

/** One match as a row, as score sites draw it: the time, both teams one above the other, their scores. */
function FixtureRow({ fixture, game, ...text }: { fixture: ListedFixture; game: string } & RowText) {
  const { t } = text;
  const played = fixture.status === 'finished' || fixture.status === 'in_progress';
  const side = (team: Fixture['home'], score: number) => (
    <>
      <span className="flex min-w-0">{team ? <TeamName team={team} /> : t('bracket.toBeDecided')}</span>
      <span className="text-end font-bold tabular-nums">{played ? score : ''}</span>
    </>
  );
  return (
    <li className="grid grid-cols-[4.5rem_1fr_2rem_1.5rem] items-center gap-x-2 gap-y-1 px-3 py-2 text-sm">
      <span className="row-span-2 flex min-w-0 flex-col text-xs tabular-nums">
        <FixtureTime fixture={fixture} {...text} />
        {fixture.league && (
          <Link
            to={`/leagueLibrary/${fixture.league.id}`}
            className="truncate text-zinc-500 hover:underline dark:text-zinc-400"
          >
            {fixture.league.name}
          </Link>
        )}
      </span>
      {side(fixture.home, fixture.homeScore)}
      <Link
        to={`/${game}/${fixture.id}`}
        aria-label={t('matchPage')}
        className="row-span-2 grid size-6 place-items-center rounded-full text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700 dark:hover:bg-zinc-800"
      >
        <span aria-hidden="true" className="rtl:rotate-180">
          ›
        </span>
      </Link>
      {side(fixture.away, fixture.awayScore)}
    </li>
  );
}

/** One round of a season's fixtures, with links to the rounds before and after. */
export function RoundFixtures({
  round,
  fixtures,
  rounds,
  game,
  pathOfRound,
}: {
  round: number | null;
  fixtures: Fixture[];
  rounds: (number | null)[];
  game: string;
  pathOfRound: (round: number | null) => string;
}) {
  const { t } = useTranslation('leagues');
  const at = rounds.indexOf(round);
  const previous = at > 0 ? rounds[at - 1] : undefined;
  const next = at >= 0 && at < rounds.length - 1 ? rounds[at + 1] : undefined;
  const name = (r: number | null) => (r === null ? t('schedule.noRound') : t('schedule.round', { round: r }));
  const link =
    'rounded-full border border-zinc-300 px-3 py-1.5 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800';
  return (
    <section className={`${cardClass} p-0 sm:p-0`}>
      <nav
        aria-label={t('schedule.rounds')}
        className="flex items-center justify-between gap-2 border-b border-zinc-100 px-3 py-2 dark:border-zinc-800"
      >
        {previous !== undefined ? (
          <Link to={pathOfRound(previous)} className={link} aria-label={t('schedule.previous')}>
            ‹
          </Link>
        ) : (
          <span />
        )}
        <h2 className="font-semibold">{name(round)}</h2>
        {next !== undefined ? (
          <Link to={pathOfRound(next)} className={link} aria-label={t('schedule.next')}>
            ›
          </Link>
        ) : (
          <span />
        )}
      </nav>
      <FixtureList fixtures={fixtures} game={game} />
    </section>
  );
}

/** Matches one under the other, each linking to its match page. */
export function FixtureList({ fixtures, game }: { fixtures: ListedFixture[]; game: string }) {
  const { t } = useTranslation('leagues');
  const { zone } = usePageTime();
  const locale = BCP47[useLocale()];
  return (
    <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {fixtures.map((fixture) => (
        <FixtureRow key={fixture.id} fixture={fixture} game={game} t={t} locale={locale} zone={zone} />
      ))}
    </ul>
  );
}

/** A round's name from the number of ties in it. */
function roundName(t: TFunction, ties: number): string {
  if (ties === 1) return t('bracket.final');
  if (ties === 2) return t('bracket.semiFinals');
  if (ties === 4) return t('bracket.quarterFinals');
  return t('bracket.roundOf', { count: ties * 2 });
}

/**
 * The knockout bracket as a tree: rounds side by side with their ties joined to the next on a
 * desktop; on a phone the rounds follow one another down the page, each tie a card.
 */
export function BracketTree({ rounds, game }: { rounds: BracketView; game: string }) {
  const { t } = useTranslation('leagues');
  return (
    <div className="flex flex-col gap-4 md:flex-row md:gap-0 md:overflow-x-auto">
      {rounds.map((round, index) => (
        <section key={round.round} className="flex min-w-0 flex-col md:min-w-56 md:flex-1">
          <h2 className="mb-2 px-1 text-sm font-semibold text-zinc-600 md:text-center dark:text-zinc-300">
            {roundName(t, round.ties.length)}
          </h2>
          <ol className="flex flex-1 flex-col gap-2 md:justify-around">
            {round.ties.map((tie) => (
              <li
                key={tie.legs.map((leg) => leg.id).join('-')}
                className={`relative md:px-3 ${index < rounds.length - 1 ? "md:after:absolute md:after:end-0 md:after:top-1/2 md:after:w-3 md:after:border-t md:after:border-zinc-300 md:after:content-[''] dark:md:after:border-zinc-700" : ''} ${index > 0 ? "md:before:absolute md:before:start-0 md:before:top-1/2 md:before:w-3 md:before:border-t md:before:border-zinc-300 md:before:content-[''] dark:md:before:border-zinc-700" : ''}`}
              >
                <BracketTie tie={tie} game={game} t={t} />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

function BracketTie({
  tie,
  game,
  t,
}: {
  tie: BracketView[number]['ties'][number];
  game: string;
  t: TFunction;
}) {
  const [home = null, away = null] = tie.teams;
  const line = (team: typeof home, score: number | undefined) => {
    const through = team !== null && tie.winner === team.id;
    return (
      <div className={`flex items-center justify-between gap-2 px-3 py-1.5 ${through ? 'font-bold' : ''}`}>
        <span className="min-w-0">
          {team ? (
            <TeamName team={team} />
          ) : (
            <span className="text-zinc-500">{t('bracket.toBeDecided')}</span>
          )}
        </span>
        {score !== undefined && <span className="tabular-nums">{score}</span>}
        {through && <span className="sr-only">{t('bracket.winner')}</span>}
      </div>
    );
  };
  return (
    <div className="overflow-hidden rounded-xl bg-white text-sm shadow-sm dark:bg-zinc-900">
      {line(home, tie.aggregate?.[0])}
      <div className="border-t border-zinc-100 dark:border-zinc-800" />
      {line(away, tie.aggregate?.[1])}
      {tie.legs.length > 0 && (
        <div className="flex flex-wrap gap-x-3 gap-y-1 border-t border-zinc-100 bg-zinc-50 px-3 py-1 text-xs text-zinc-500 dark:border-zinc-800 dark:bg-zinc-800/50 dark:text-zinc-400">
          {tie.legs.map((leg) => (
            <Link key={leg.id} to={`/${game}/${leg.id}`} className="tabular-nums hover:underline">
              <bdi dir="ltr">{leg.status === 'not_started' ? '-' : `${leg.homeScore}-${leg.awayScore}`}</bdi>
            </Link>
          ))}
          {tie.legs.length > 1 && tie.aggregate && (
            <span>{t('bracket.aggregate', { home: tie.aggregate[0], away: tie.aggregate[1] })}</span>
          )}
        </div>
      )}
    </div>
  );
}
