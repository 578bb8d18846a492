import type { ReactNode } from 'react';
import { ScrollBox, Skeleton } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';

/** A table that scrolls sideways inside its box on narrow screens, never the page. */
function TableBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ScrollBox label={label} className="rounded-xl border border-zinc-200 dark:border-zinc-800">
      <table className="w-full min-w-[42rem] text-start text-sm">{children}</table>
    </ScrollBox>
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
              <Skeleton className="h-4" />
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
