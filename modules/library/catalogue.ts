import { and, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn } from 'drizzle-orm/pg-core';
import type { Locale } from '../../lib/locales';
import type { PageQuery } from '../../lib/paging';

/** Browsing the library's lists: competitions, teams and players by game and name, a page at a time. */

export interface CatalogueQuery extends PageQuery {
  gameIds?: number[];
  /** Part of the name, in any case: the feed's name or the one in `locale`. */
  text?: string;
  /** The language names are shown in; the feed's names without it. */
  locale?: Locale;
}

/** `%` and `_` are wildcards of LIKE: a fan searching for them means the characters. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Rows of the asked games whose names (any of `names`) hold the text, and meet `more`. */
export function catalogueWhere(
  query: CatalogueQuery,
  game: PgColumn,
  names: (AnyPgColumn | SQL)[],
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
