import { Link } from 'react-router';
import { useTranslation } from '../../i18n/translations';
import { mutedClass } from './text';

/**
 * Previous and next links of a paged list. Lists with a total know `pages`; others say whether
 * there is a next page. Dense ones (the admin's) sit small under their table and keep the scroll
 * position.
 */
export function Pager({
  page,
  pages,
  hasNext = pages !== undefined && page < pages,
  hrefOf,
  dense = false,
}: {
  page: number;
  pages?: number;
  hasNext?: boolean;
  /** The address of page `n`, keeping the page's other parameters. */
  hrefOf: (n: number) => string;
  dense?: boolean;
}) {
  const { t } = useTranslation();
  if (page === 1 && !hasNext) return null;
  const link = dense
    ? 'rounded-full border border-zinc-300 px-3 py-1 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800'
    : 'rounded-full border border-zinc-300 px-4 py-2 text-sm hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800';
  return (
    <nav
      aria-label={t('pager.label')}
      className={dense ? 'mt-3 flex items-center gap-2' : 'flex items-center justify-center gap-3 pt-2'}
    >
      {page > 1 && (
        <Link to={hrefOf(page - 1)} className={link} preventScrollReset={dense}>
          {t('pager.previous')}
        </Link>
      )}
      <span className={dense ? 'text-sm text-zinc-500' : mutedClass}>
        {pages ? t('pager.pageOf', { page, pages }) : t('pager.page', { page })}
      </span>
      {hasNext && (
        <Link to={hrefOf(page + 1)} className={dense ? `${link} ms-auto` : link} preventScrollReset={dense}>
          {t('pager.next')}
        </Link>
      )}
    </nav>
  );
}

/** The address of page `n` of the current one: its query with `param` set. */
export function pageInQuery(search: string, param = 'page'): (n: number) => string {
  return (n) => {
    const params = new URLSearchParams(search);
    params.set(param, String(n));
    return `?${params}`;
  };
}

/** The address of page `n` of a list at `path`: the path itself for the first page. */
export function pageInPath(path: string): (n: number) => string {
  return (n) => (n === 1 ? path : `${path}?page=${n}`);
}
