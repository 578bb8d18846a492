import { type ReactNode, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BCP47 } from '../../../lib/locales';
import { useLocale } from '../../lib/use-locale';

const noSubscription = () => () => {};

/** False while the server's HTML is hydrated, true after: what differs between the two waits for it. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * A moment in the visitor's time zone. The server cannot know that zone, so the first render
 * says UTC and the browser switches to local time once hydrated.
 */
export function DateTime({ value }: { value: string }) {
  const locale = useLocale();
  const hydrated = useHydrated();
  const text = new Intl.DateTimeFormat(BCP47[locale], {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(hydrated ? {} : { timeZone: 'UTC', timeZoneName: 'short' }),
  }).format(new Date(value));
  return <time dateTime={value}>{text}</time>;
}

/** Hover darkens rather than fades, so white text keeps its contrast. */
export const buttonClass = {
  danger:
    'rounded-full bg-red-600 px-4 py-1.5 text-sm font-medium text-white hover:bg-red-700 disabled:opacity-60',
  primary:
    'rounded-full bg-brand px-4 py-1.5 text-sm font-medium text-white hover:bg-[color-mix(in_oklab,var(--color-brand),black_20%)] disabled:opacity-60',
  quiet:
    'rounded-full border border-zinc-300 px-4 py-1.5 text-sm font-medium hover:bg-zinc-100 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800',
};

export function Card({
  title,
  children,
  actions,
}: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="min-w-0 rounded-2xl bg-white p-4 shadow-sm dark:bg-zinc-900">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">{title}</h2>
        {actions && <div className="ms-auto">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** A table that scrolls sideways inside its box on narrow screens, never the page. */
function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800"
    >
      <table className="w-full min-w-[42rem] text-start text-sm">{children}</table>
    </section>
  );
}

const header = 'whitespace-nowrap bg-zinc-50 px-3 py-2 text-xs font-medium text-zinc-500 dark:bg-zinc-800/60';
const th = `${header} text-start`;
/** For columns of numbers, which line up on the end edge. */
const thNumber = `${header} text-end`;
export const td = 'border-t border-zinc-100 px-3 py-2 align-top dark:border-zinc-800';

/** Placeholder rows while the next page of a list loads. */
function SkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return (
    <tbody aria-hidden="true">
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
        <tr key={row}>
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above
            <td key={column} className={td}>
              <span className="block h-4 animate-pulse rounded bg-zinc-200 dark:bg-zinc-700" />
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}

/**
 * A list of an admin page as a table: a header of the columns' names, then placeholder rows while
 * the list reloads, else the rows given.
 */
export function ListTable({
  label,
  columns,
  numeric,
  loading,
  placeholderRows,
  children,
}: {
  label: string;
  /** Keys of the "column" texts. */
  columns: readonly string[];
  /** Columns of numbers, which line up on the end edge. */
  numeric?: ReadonlySet<string>;
  loading: boolean;
  placeholderRows?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <TableBox label={label}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className={numeric?.has(column) ? thNumber : th}>
              {t(`column.${column}`)}
            </th>
          ))}
        </tr>
      </thead>
      {loading ? <SkeletonRows columns={columns.length} rows={placeholderRows} /> : <tbody>{children}</tbody>}
    </TableBox>
  );
}

export function StatusBadge({ bannedAt, closedAt }: { bannedAt: string | null; closedAt: string | null }) {
  const { t } = useTranslation('admin');
  const [key, tone] = bannedAt
    ? ['status.banned', 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200']
    : closedAt
      ? ['status.closed', 'bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300']
      : ['status.active', 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'];
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${tone}`}>
      {t(key)}
    </span>
  );
}

/** The roles beyond 'user', which every account has. */
export function RoleChips({ roles }: { roles: string[] }) {
  const { t } = useTranslation('admin');
  const shown = roles.filter((role) => role !== 'user');
  if (shown.length === 0) return <span className="whitespace-nowrap text-zinc-500">{t('role.user')}</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {shown.map((role) => (
        <li
          key={role}
          className="rounded-full border border-zinc-300 px-2 py-0.5 text-xs whitespace-nowrap dark:border-zinc-700"
        >
          {t(`role.${role}`, { defaultValue: role })}
        </li>
      ))}
    </ul>
  );
}

/** Previous and next links that keep the rest of the query. */
export function Pager({
  page,
  hasNext,
  pages,
  search,
  param = 'page',
}: {
  page: number;
  hasNext: boolean;
  /** Known for lists with a total. */
  pages?: number;
  search: string;
  param?: string;
}) {
  const { t } = useTranslation('admin');
  if (page === 1 && !hasNext) return null;
  const to = (target: number) => {
    const params = new URLSearchParams(search);
    params.set(param, String(target));
    return `?${params}`;
  };
  const link =
    'rounded-full border border-zinc-300 px-3 py-1 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800';
  return (
    <nav aria-label={t('pager.label')} className="mt-3 flex items-center gap-2">
      {page > 1 && (
        <Link to={to(page - 1)} className={link} preventScrollReset>
          {t('pager.previous')}
        </Link>
      )}
      <span className="text-sm text-zinc-500">
        {pages ? t('pager.pageOf', { page, pages }) : t('pager.page', { page })}
      </span>
      {hasNext && (
        <Link to={to(page + 1)} className={`${link} ms-auto`} preventScrollReset>
          {t('pager.next')}
        </Link>
      )}
    </nav>
  );
}
