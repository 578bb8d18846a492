import { and, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Browsing the library's lists: competitions, teams and players by game and name, a page at a time. */

/** A page of a list, as the library's lists answer. */
export interface PageQuery {
  pageIndex: number;
  pageSize: number;
}

export interface Page<T> extends PageQuery {
  list: T[];
  total: number;
}

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

export interface CatalogueQuery extends PageQuery {
  gameIds?: number[];
  /** Part of the name, in any case. */
  text?: string;
}

/** `%` and `_` are wildcards of LIKE: a fan searching for them means the characters. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows of the asked games whose names (any of `names`) hold the text, and meet `more`. */
export function catalogueWhere(
  query: CatalogueQuery,
  game: PgColumn,
  names: PgColumn[],
  more: SQL[] = [],
): SQL | undefined {
  const filters = [...more];
  if (query.gameIds?.length) filters.push(inArray(game, query.gameIds));
  if (query.text) {
    const pattern = likeText(query.text);
    filters.push(or(...names.map((name) => ilike(name, pattern))) as SQL);
  }
  return filters.length ? and(...filters) : undefined;
}
