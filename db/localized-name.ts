import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Locale } from '../lib/locales';
import { localizedNames } from './schema/index';

/**
 * A competition's, team's or player's name in `locale` where a feed gave one (`localized_names`),
 * else the feed's own name: what lists, pages and search show a visitor of that language. Without
 * a locale, the feed's name.
 */
export function nameIn(
  locale: Locale | undefined,
  kind: 'competition' | 'team' | 'player',
  id: AnyPgColumn,
  name: AnyPgColumn,
): SQL<string> | AnyPgColumn {
  if (!locale) return name;
  return sql<string>`coalesce((select ${localizedNames.name} from ${localizedNames}
    where ${localizedNames.kind} = ${kind} and ${localizedNames.refId} = ${id}
      and ${localizedNames.locale} = ${locale}), ${name})`;
}
