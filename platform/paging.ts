import { z } from 'zod';
import type { Page, PageQuery } from '../lib/paging';

export { type Page, type PageQuery, page } from '../lib/paging';

/** Deeper pages than this are not browsed by people; the bound keeps offsets cheap. */
const LAST_PAGE = 10_000;

/** A page number from a query string or path: 1 to 10,000. */
export const pageIndexRule = z.coerce.number().int().min(1).max(LAST_PAGE);

/** The query of a paged call: `pageIndex` (default 1) and `pageSize` up to `maxSize`. */
export const pageQuery = (options: { defaultSize: number; maxSize: number }) =>
  z.object({
    pageIndex: pageIndexRule.default(1),
    pageSize: z.coerce.number().int().min(1).max(options.maxSize).default(options.defaultSize),
  });

/** The rows of the asked page and how many there are in all, queried together. */
export async function pageOf<T>(
  query: PageQuery,
  rows: (limit: number, offset: number) => Promise<T[]>,
  total: Promise<{ n: number }[]>,
): Promise<Page<T>> {
  const [list, [counted]] = await Promise.all([
    rows(query.pageSize, (query.pageIndex - 1) * query.pageSize),
    total,
  ]);
  return { list, total: counted?.n ?? 0, pageIndex: query.pageIndex, pageSize: query.pageSize };
}
