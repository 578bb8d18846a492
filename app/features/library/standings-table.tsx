import { Link } from 'react-router';
import type { TFunction } from '../../../lib/translate';
import type { FormLetter, GroupTable, TeamBadge, Zone } from '../../../modules/library';
import { cardClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';

/** What ranks a table first: points (most sports), winning percentage (US sports), series (esports). */
export type Ranking = 'points' | 'win_pct' | 'wins' | 'head_to_head' | 'difference' | 'scored';

const ZONE_COLOURS: Record<Zone, string> = {
  promotion: 'bg-emerald-500',
  qualification: 'bg-sky-500',
  promotion_playoff: 'bg-teal-400',
  relegation_playoff: 'bg-orange-400',
  relegation: 'bg-red-500',
};

/** The column whose long name says what a form letter means. */
const FORM_COLUMN: Record<FormLetter, string> = { W: 'won', D: 'drawn', L: 'lost' };

const FORM_COLOURS: Record<FormLetter, string> = {
  W: 'bg-emerald-600 text-white',
  D: 'bg-zinc-400 text-white dark:bg-zinc-500',
  L: 'bg-red-600 text-white',
};

/** A team's name with its logo or initials, linking to its squad page. */
export function TeamName({ team, short = false }: { team: TeamBadge; short?: boolean }) {
  return (
    <Link to={`/squadLibrary/${team.id}`} className="flex min-w-0 items-center gap-2 hover:underline">
      <TeamLogo team={team} />
      <span className="truncate">{short ? team.shortName : team.name}</span>
    </Link>
  );
}

/** A team's logo, or its initials in a disc when it has none. */
export function TeamLogo({ team, size = 'size-5' }: { team: TeamBadge; size?: string }) {
  return team.logo ? (
    <img src={team.logo} alt="" className={`${size} shrink-0 rounded-full object-contain`} />
  ) : (
    <span
      aria-hidden="true"
      className={`${size} grid shrink-0 place-items-center rounded-full bg-zinc-200 text-[9px] font-bold text-zinc-600 dark:bg-zinc-700 dark:text-zinc-300`}
    >
      {team.shortName.slice(0, 2)}
    </span>
  );
}

/** One league table, or one per group: the columns of the sport, zones and the form of the last five. */
export function StandingsTables({ tables, ranking }: { tables: GroupTable[]; ranking: Ranking }) {
  const { t } = useTranslation('leagues');
  const zones = [...new Set(tables.flatMap((table) => table.rows.flatMap((row) => row.zone ?? [])))];
  return (
    <div className="flex flex-col gap-4">
      {tables.map((table) => (
        <section key={table.group ?? ''} className={`${cardClass} overflow-hidden p-0 sm:p-0`}>
          {table.group !== null && (
            <h2 className="border-b border-zinc-100 px-4 py-2.5 font-semibold dark:border-zinc-800">
              {t('table.group', { name: table.group })}
            </h2>
          )}
          <StandingsTable table={table} ranking={ranking} />
        </section>
      ))}
      {zones.length > 0 && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
          {zones.map((zone) => (
            <li key={zone} className="flex items-center gap-1.5">
              <span aria-hidden="true" className={`size-2.5 rounded-sm ${ZONE_COLOURS[zone]}`} />
              {t(`zones.${zone}`)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function StandingsTable({ table, ranking }: { table: GroupTable; ranking: Ranking }) {
  const { t } = useTranslation('leagues');
  const byPercentage = ranking === 'win_pct';
  const formLabels = formLabelsOf(t);
  // A phone shows what ranks the table (played, difference, points, form); wider screens all of it.
  const wide = 'hidden sm:table-cell';
  const head = (key: string, className = '') => (
    <th scope="col" className={`px-1.5 py-2 text-center font-medium ${className}`}>
      <abbr title={t(`table.${key}Long`)} className="no-underline">
        {t(`table.${key}`)}
      </abbr>
    </th>
  );
  return (
    // Wide tables scroll inside their box on a phone, never the page.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable table must be reachable by keyboard
    <div className="overflow-x-auto" tabIndex={0}>
      <table className="w-full text-sm tabular-nums sm:min-w-[34rem]">
        <thead className="whitespace-nowrap bg-zinc-50 text-xs text-zinc-500 dark:bg-zinc-800/50 dark:text-zinc-400">
          <tr>
            <th scope="col" className="w-10 px-2 py-2 text-center font-medium">
              {t('table.rank')}
            </th>
            <th scope="col" className="px-2 py-2 text-start font-medium">
              {t('table.team')}
            </th>
            {head('played')}
            {head('won', wide)}
            {!byPercentage && head('drawn', wide)}
            {head('lost', wide)}
            {head('for', wide)}
            {head('against', wide)}
            {head('difference')}
            {byPercentage ? head('winPct') : head('points')}
            {head('form')}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {table.rows.map((row) => (
            <tr
              key={row.teamId}
              data-team={row.teamId}
              className="hover:bg-zinc-50 dark:hover:bg-zinc-800/40"
            >
              <td className="relative px-2 py-2 text-center">
                {row.zone && (
                  <span
                    className={`absolute inset-y-1 start-0 w-1 rounded-e ${ZONE_COLOURS[row.zone]}`}
                    title={t(`zones.${row.zone}`)}
                  />
                )}
                {row.position}
              </td>
              <td className="max-w-[10rem] px-2 py-2 font-medium sm:max-w-[14rem]">
                <TeamName team={row.team} />
              </td>
              <td className="px-1.5 text-center">{row.played}</td>
              <td className={`px-1.5 text-center ${wide}`}>{row.won}</td>
              {!byPercentage && <td className={`px-1.5 text-center ${wide}`}>{row.drawn}</td>}
              <td className={`px-1.5 text-center ${wide}`}>{row.lost}</td>
              <td data-column="for" className={`px-1.5 text-center ${wide}`}>
                {row.scored}
              </td>
              <td className={`px-1.5 text-center ${wide}`}>{row.conceded}</td>
              <td className="px-1.5 text-center">
                {row.difference > 0 ? `+${row.difference}` : row.difference}
              </td>
              <td className="px-1.5 text-center font-bold">
                {byPercentage ? row.winPct.toFixed(3).replace(/^0/, '') : row.points}
              </td>
              <td className="px-2">
                <FormBadges form={row.form} labels={formLabels} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How a form letter reads and what it means, in the page language: made once per table. */
type FormLabels = Record<FormLetter, { letter: string; meaning: string }>;

export function formLabelsOf(t: TFunction): FormLabels {
  const label = (letter: FormLetter) => ({
    letter: t(`leagues:form.${letter}`),
    meaning: t(`leagues:table.${FORM_COLUMN[letter]}Long`),
  });
  return { W: label('W'), D: label('D'), L: label('L') };
}

/** The last five results (given newest first), oldest first so the newest reads last. */
export function FormBadges({ form, labels }: { form: FormLetter[]; labels: FormLabels }) {
  return (
    <ol className="flex justify-center gap-0.5">
      {[...form].reverse().map((letter, index) => (
        <li
          // biome-ignore lint/suspicious/noArrayIndexKey: results in a fixed order
          key={index}
          title={labels[letter].meaning}
          className={`grid size-5 place-items-center rounded text-[10px] font-bold ${FORM_COLOURS[letter]}`}
        >
          {labels[letter].letter}
        </li>
      ))}
    </ol>
  );
}
