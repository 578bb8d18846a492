import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Names of competitions, teams and players in other languages ('上海龙之队' for Shanghai Dragons),
 * which search matches besides the name the feed gave, and shows in the visitor's language.
 * `kind` is 'competition', 'team' or 'player'; `refId` that row's id.
 */
export const localizedNames = pgTable(
  'localized_names',
  {
    kind: text('kind').notNull(),
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    locale: text('locale').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refId, t.locale] }),
    index('localized_names_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('localized_names_near_idx').using('gist', sql`${t.name} gist_trgm_ops(siglen = 256)`),
  ],
);
