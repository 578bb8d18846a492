import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

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
  (t) => [primaryKey({ columns: [t.kind, t.refId, t.locale] })],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A trigram index of the documents of some kinds, over the text with its spaces written as a
 * letter (`search_joined()`, migration 0017), so that trigrams span words: 'rǂ0', '0ǂ3' of
 * 'player 0 3 11' are rare where 'pla' and ' 3 ' are in most names. Written to at once (no pending
 * list), so that a search never reads one.
 */
const trigramIndex = (name: string, column: AnyPgColumn, kinds: string) =>
  index(name)
    .using('gin', sql`search_joined(${column}) gin_trgm_ops`)
    .with({ fastupdate: false })
    .where(sql.raw(`kind in (${kinds})`));

/**
 * One row per thing search finds (decision 029): a competition, team, player, approved anchor,
 * open room of an approved anchor, published article or video that can be played. Written only by
 * the database's own triggers on the rows it is made of (migration 0016, `search_index()`), in the
 * writer's transaction, so it is never behind them; a thing that may not be found has no row.
 *
 * `text` holds every name of the thing (its own, a player's nickname, a room's anchor, the names
 * in `localized_names`), each lower-cased with runs of spaces and punctuation made one space, and
 * set between ' | ' marks: a phrase matches within one name, `'| ' || phrase` at a name's start
 * and `' ' || word || ' '` a whole word. `names` are the localized names by locale, for showing.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    /** competition, team, player, anchor, room, article or video. */
    kind: text('kind').notNull(),
    /** The thing's id (an anchor's user id). */
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    gameId: integer('game_id'),
    /** What is shown when the visitor's language has no name of its own. */
    name: text('name').notNull(),
    names: jsonb('names').$type<Record<string, string>>().notNull().default({}),
    text: text('text').notNull(),
    /** Every word of `text`: a text that finds nothing as typed matches by whole words, in any order. */
    words: text('words').array().notNull().default(sql`'{}'::text[]`),
    /** Articles and videos: the words of title and summary, for full-text search. */
    fullText: tsvector('full_text'),
    /** Rooms on air, and anchors whose room is: ranked first. */
    live: boolean('live').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refId] }),
    // One trigram index per kind, so that each kind's candidates are bounded on their own.
    trigramIndex('search_documents_competitions_idx', t.text, "'competition'"),
    trigramIndex('search_documents_teams_idx', t.text, "'team'"),
    trigramIndex('search_documents_players_idx', t.text, "'player'"),
    trigramIndex('search_documents_anchors_idx', t.text, "'anchor'"),
    trigramIndex('search_documents_rooms_idx', t.text, "'room'"),
    trigramIndex('search_documents_news_idx', t.text, "'article', 'video'"),
    index('search_documents_words_idx').using('gin', t.words).with({ fastupdate: false }),
    index('search_documents_news_text_idx')
      .using('gin', t.fullText)
      .with({ fastupdate: false })
      .where(sql`${t.kind} in ('article', 'video')`),
  ],
);

/**
 * Every word of the documents' names with a letter and three characters at least: a misspelt word
 * of a text that finds nothing is corrected to the nearest of them (trigram GiST, nearest first).
 * Words are added as documents are written and never removed; one no name holds any more only
 * leads to a search that finds nothing.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_near_idx').using('gist', sql`${t.word} gist_trgm_ops(siglen = 256)`),
]);

/**
 * The words most documents of a kind hold ('player' in every player's name, 'fc' in many teams'):
 * their trigrams are in nearly every document of the kind, so search looks a text starting with
 * one up in that kind's index without it (decision 029). `kind` is a document kind, or 'news' for
 * articles and videos together. Counted afresh by `search_count_common_words()` once a day.
 */
export const searchCommonWords = pgTable(
  'search_common_words',
  { kind: text('kind').notNull(), word: text('word').notNull() },
  (t) => [primaryKey({ columns: [t.kind, t.word] })],
);
