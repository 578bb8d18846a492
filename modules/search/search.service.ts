import { type SQL, sql } from 'drizzle-orm';
import { type Database, type Db, type Prepared, prepareStatement } from '../../db/client';
import type { Locale } from '../../lib/locales';
import type {
  AnchorHit,
  LeagueHit,
  MatchHit,
  NewsHit,
  PlayerHit,
  RoomHit,
  SearchResults,
  Suggestion,
  TabResults,
  TeamHit,
} from './search.contract';

/**
 * Search over `search_documents` (decision 029): one row per competition, team, player, anchor,
 * room, article and video, with every name of it in one normalised text, kept in step by the
 * database's triggers. Every call is one statement: for each kind asked, the documents whose text
 * holds the phrase typed (a trigram index per kind, at most `CANDIDATES` of them before ranking),
 * ranked and cut to the kind's share; when nothing at all holds it, the documents holding every
 * word of it as a whole word, in any order (an array index of the words), a misspelt word corrected
 * to the nearest word the documents hold; then what is shown of each, and the related matches when
 * asked.
 */

/** How many of each kind the comprehensive tab and the suggestions show, and one tab at most. */
const FEW = 5;
const TAB_LIMIT = 50;
/** Documents of one kind taken from its index before ranking: a text most names hold ranks these. */
const CANDIDATES = 200;
/** A misspelt word is corrected to a word of the documents at least this close (word similarity). */
const CLOSE_ENOUGH = 0.4;

/** What a statement is run with: the text as typed and the visitor's language. */
const TEXT = sql.placeholder('text');
const LOCALE = sql.placeholder('locale');

type Kind = 'competition' | 'team' | 'player' | 'anchor' | 'room' | 'news';

/** What one call asks for: how many of each kind, whether they are shown, the related matches. */
interface Ask {
  kinds: Partial<Record<Kind, number>>;
  /** The hits themselves are answered (the matches tab only needs the teams and leagues). */
  show: boolean;
  /** How many matches of the teams and leagues found, if any. */
  matches?: number;
}

const KIND_FILTER: Record<Kind, SQL> = {
  competition: sql`d.kind = 'competition'`,
  team: sql`d.kind = 'team'`,
  player: sql`d.kind = 'player'`,
  anchor: sql`d.kind = 'anchor'`,
  room: sql`d.kind = 'room'`,
  news: sql`d.kind in ('article', 'video')`,
};
const KIND_GROUP = sql`case when kind in ('article', 'video') then 'news' else kind end`;

/** The documents matching `condition` (of the kinds in `filter`), scored by `score`, at most CANDIDATES. */
const candidates = (filter: SQL, condition: SQL, score: SQL) =>
  sql`(select d.kind, d.ref_id, d.game_id, d.name, d.names, d.live, d.published_at, ${score} as score
    from search_documents d where ${filter} and ${condition} limit ${sql.raw(String(CANDIDATES))})`;

/** What is shown of a hit, read from the thing's own row. */
const shown = sql`
  s.kind, s.ref_id as id, s.game_id, coalesce(s.names ->> ${LOCALE}, s.name) as label, s.live, s.published_at,
  case s.kind
    when 'team' then (select logo from teams where id = s.ref_id)
    when 'competition' then (select logo from competitions where id = s.ref_id)
    when 'anchor' then (select avatar from users where uid = s.ref_id)
    when 'room' then (select cover from live_rooms where id = s.ref_id)
    when 'article' then (select cover from articles where id = s.ref_id)
    when 'video' then (select cover from videos where id = s.ref_id)
  end as picture,
  case s.kind
    when 'player' then (select coalesce(t.names ->> ${LOCALE}, t.name) from players p
      join search_documents t on t.kind = 'team' and t.ref_id = p.team_id where p.id = s.ref_id)
    when 'room' then (select a.name from live_rooms r join anchors a on a.user_id = r.anchor_id where r.id = s.ref_id)
  end as owner,
  case when s.kind = 'anchor' then (select id from live_rooms where anchor_id = s.ref_id) end as room_id`;

/**
 * The matches of the teams and competitions found, within a month either side of now: for each,
 * the nearest before and after now (an index range each), and any in play; in play first, then the
 * nearest in time.
 */
function relatedMatches(limit: number): SQL {
  const near = (kind: string, column: string, range: string, order: string) =>
    sql.raw(`(select id, status, starts_at from matches
        where s.kind = '${kind}' and ${column} = s.ref_id and ${range} order by starts_at ${order} limit ${limit})`);
  const nearest = (kind: string, column: string) =>
    sql`${near(kind, column, "starts_at >= now() and starts_at <= now() + interval '30 days'", 'asc')}
      union all ${near(kind, column, "starts_at < now() and starts_at >= now() - interval '30 days'", 'desc')}`;
  const name = (kind: string, id: string) =>
    sql`(select coalesce(d.names ->> ${LOCALE}, d.name) from search_documents d
      where d.kind = ${sql.raw(`'${kind}'`)} and d.ref_id = ${sql.raw(id)})`;
  return sql`,
    sources as (select kind, ref_id from ranked where kind in ('team', 'competition') and n <= share),
    related as (
      select m.id, m.status, m.starts_at from sources s cross join lateral (
        ${nearest('team', 'home_team_id')} union all ${nearest('team', 'away_team_id')}
        union all ${nearest('competition', 'competition_id')}
      ) m
      union
      select id, status, starts_at from matches where status = 'in_progress' and (
        home_team_id in (select ref_id from sources where kind = 'team')
        or away_team_id in (select ref_id from sources where kind = 'team')
        or competition_id in (select ref_id from sources where kind = 'competition'))
    ),
    picked as (
      select id, row_number() over (order by status = 'in_progress' desc, abs(extract(epoch from starts_at - now())), id) as n
      from related order by n limit ${sql.raw(String(limit))}
    ),
    match_rows as (
      select 2 as part, p.n, 'match' as kind, m.id, m.game_id, m.starts_at, m.status, m.home_score, m.away_score,
        ${name('team', 'm.home_team_id')} as home, ${name('team', 'm.away_team_id')} as away,
        ${name('competition', 'm.competition_id')} as league
      from picked p join matches m on m.id = p.id
    )`;
}

/**
 * The one statement of a call (see the file's comment); for a `short` text, one with no trigram to
 * look documents up by, each document of a kind is read.
 */
function statement(ask: Ask, short: boolean): SQL {
  const kinds = Object.entries(ask.kinds) as [Kind, number][];
  const contains = sql`d.text like (select contains from q)`;
  // Read from the kind's index (on the text with its spaces as letters, migration 0017) by the
  // phrase, or by the phrase from its second word when the first is one most documents of the kind
  // hold (migration 0018); the text itself then says which documents hold all of it.
  const holds = (kind: Kind) =>
    short
      ? contains
      : sql`search_joined(d.text) like (select case when exists (select from search_common_words c
          where c.kind = ${sql.raw(`'${kind}'`)} and c.word = q.first) then q.rest else q.whole end from q)
        and ${contains}`;
  // Each kind from its own index, so that one kind's many candidates never crowd out another's.
  const held = sql.join(
    kinds.map(([kind]) =>
      kind === 'news'
        ? candidates(
            KIND_FILTER.news,
            sql`(${holds(kind)} or d.full_text @@ (select terms from q))`,
            sql`case when d.text like (select starts from q) then 3 when ${contains} then 2 else 1 end
              + ts_rank(d.full_text, (select terms from q))`,
          )
        : // A name starting with the text first, then the shortest.
          candidates(
            KIND_FILTER[kind],
            holds(kind),
            sql`case when d.text like (select starts from q) then 3 else 2 end - length(d.name) / 1000.0`,
          ),
    ),
    sql` union all `,
  );
  const asked = sql.join(
    kinds.map(([kind]) => KIND_FILTER[kind]),
    sql` or `,
  );
  const whens = kinds.map(([kind, limit]) => `when '${kind}' then ${Number(limit)}`).join(' ');
  const share = sql`case ${KIND_GROUP} ${sql.raw(whens)} else 0 end`;
  // A kind's names often share their first word ('Player', 'FC'), whose trigrams are then in nearly
  // every document of the kind and cost the index scan most of its time: `rest` is the phrase
  // without it, when the rest has a trigram (three characters, its space one of them).
  return sql`with q as materialized (
      select phrase, '%' || phrase || '%' as contains,
        case when space > 0 and length(phrase) - space + 1 >= 3 then substr(phrase, 1, space - 1) end as first,
        '%' || search_joined(phrase) || '%' as whole, '%' || search_joined(substr(phrase, space)) || '%' as rest,
        '%| ' || phrase || '%' as starts, plainto_tsquery('simple', ${TEXT}) as terms
      from (select nullif(search_normal(${TEXT}), '') as phrase) typed, lateral (select strpos(phrase, ' ') as space) s
    ),
    held as (${held}),
    fixed as materialized (
      select case when bool_and(w is not null) then array_agg(w) end as words from (
        select case
            when t.w ~ '^[0-9]+$' or length(t.w) < 3 or exists (select from search_words v where v.word = t.w) then t.w
            else (select c.word from (select v.word from search_words v order by t.w <<-> v.word limit 3) c
              where word_similarity(t.w, c.word) >= ${sql.raw(String(CLOSE_ENOUGH))}
              order by similarity(t.w, c.word) desc, c.word limit 1)
          end as w
        from unnest(string_to_array((select phrase from q), ' ')) as t(w)
        where not exists (select from held) and (select phrase from q) <> ''
      ) corrected
    ),
    near as ${candidates(
      sql`(${asked})`,
      sql`d.words @> (select words from fixed)`,
      sql`word_similarity((select phrase from q), d.text)`,
    )},
    ranked as (
      select f.*, ${share} as share, row_number() over (
        partition by ${KIND_GROUP} order by live desc, score desc, published_at desc nulls last, ref_id) as n
      from (select * from held union all select * from near) f
    )${ask.matches ? relatedMatches(ask.matches) : sql``},
    hit_rows as (
      select 1 as part, s.n, ${shown} from ranked s where ${ask.show ? sql`s.n <= s.share` : sql`false`}
    )
    select part, n, kind, id, game_id, label, live, published_at, picture, owner, room_id,
      null::timestamptz as starts_at, null as status, null::int as home_score, null::int as away_score,
      null as home, null as away, null as league
    from hit_rows
    ${
      ask.matches
        ? sql`union all select part, n, kind, id, game_id, null, null, null, null, null, null,
            starts_at, status, home_score, away_score, home, away, league from match_rows`
        : sql``
    }
    order by part, kind, n`;
}

const iso = (value: unknown) => new Date(value as string).toISOString();
const orNull = (value: unknown) => (value as string | null) ?? null;

/** A text with neither a letter nor a digit finds nothing (it is all spaces and punctuation). */
const searchable = (text: string) => /[\p{L}\p{N}]/u.test(text);

/**
 * A text of fewer than three letters and digits has no trigram: the index would hand over every
 * document of a kind, each then tested twice, so it is not read.
 */
const short = (text: string) => (text.match(/[\p{L}\p{N}]/gu)?.length ?? 0) < 3;

/** The hits of each kind in the rows of a statement, best first. */
function read(rows: Record<string, unknown>[]) {
  const of = (kind: string) => rows.filter((r) => r.kind === kind);
  return {
    teams: (): TeamHit[] =>
      of('team').map((r) => ({
        id: Number(r.id),
        gameId: Number(r.game_id),
        name: String(r.label),
        logo: orNull(r.picture),
      })),
    leagues: (): LeagueHit[] =>
      of('competition').map((r) => ({
        id: Number(r.id),
        gameId: Number(r.game_id),
        name: String(r.label),
        logo: orNull(r.picture),
      })),
    players: (): PlayerHit[] =>
      of('player').map((r) => ({
        id: Number(r.id),
        gameId: Number(r.game_id),
        name: String(r.label),
        team: orNull(r.owner),
      })),
    anchors: (): AnchorHit[] =>
      of('anchor').map((r) => ({
        id: Number(r.id),
        name: String(r.label),
        avatar: orNull(r.picture),
        roomId: r.room_id === null ? null : Number(r.room_id),
        live: Boolean(r.live),
      })),
    rooms: (): RoomHit[] =>
      of('room').map((r) => ({
        id: Number(r.id),
        title: String(r.label),
        cover: String(r.picture ?? ''),
        gameId: Number(r.game_id),
        anchor: String(r.owner ?? ''),
        live: Boolean(r.live),
      })),
    news: (): NewsHit[] =>
      rows
        .filter((r) => r.kind === 'article' || r.kind === 'video')
        .sort((a, b) => Number(a.n) - Number(b.n))
        .map((r) => ({
          kind: r.kind as 'article' | 'video',
          id: Number(r.id),
          gameId: Number(r.game_id),
          title: String(r.label),
          cover: orNull(r.picture),
          publishedAt: iso(r.published_at),
        })),
    matches: (): MatchHit[] =>
      of('match').map((r) => ({
        id: Number(r.id),
        gameId: Number(r.game_id),
        startsAt: iso(r.starts_at),
        status: String(r.status),
        homeScore: Number(r.home_score),
        awayScore: Number(r.away_score),
        home: String(r.home ?? ''),
        away: String(r.away ?? ''),
        league: String(r.league ?? ''),
      })),
  };
}

/** The calls' statements: how many of each kind, whether shown, how many related matches. */
const ASKS = {
  all: {
    kinds: { team: FEW, competition: FEW, player: FEW, anchor: FEW, room: FEW, news: FEW },
    show: true,
    matches: FEW,
  },
  matches: { kinds: { team: 20, competition: 5 }, show: false, matches: TAB_LIMIT },
  anchors: { kinds: { anchor: TAB_LIMIT }, show: true },
  rooms: { kinds: { room: TAB_LIMIT }, show: true },
  news: { kinds: { news: TAB_LIMIT }, show: true },
  suggest: { kinds: { room: 3, team: 3, competition: 2, player: 3, anchor: 2 }, show: true },
} satisfies Record<string, Ask>;

export function createSearch(db: Db) {
  const prepared = new Map<string, Prepared>();
  /** The hits of one call's statement, prepared on its first use. */
  async function run(ask: keyof typeof ASKS, text: string, locale: Locale) {
    if (!searchable(text)) return read([]);
    const few = short(text);
    const key = `${ask} ${few}`;
    let execute = prepared.get(key);
    if (!execute) {
      execute = prepareStatement(db, statement(ASKS[ask], few));
      prepared.set(key, execute);
    }
    return read(await execute({ text, locale }));
  }

  return {
    /** The comprehensive tab: the best few of every kind, and the matches of the teams and leagues shown. */
    async all(text: string, locale: Locale): Promise<SearchResults> {
      const found = await run('all', text, locale);
      return {
        matches: found.matches(),
        teams: found.teams(),
        leagues: found.leagues(),
        players: found.players(),
        anchors: found.anchors(),
        rooms: found.rooms(),
        news: found.news(),
      };
    },

    /** One tab of the results page. */
    async tab(text: string, tab: TabResults['tab'], locale: Locale): Promise<TabResults> {
      const found = await run(tab, text, locale);
      switch (tab) {
        case 'matches':
          return { tab, list: found.matches() };
        case 'anchors':
          return { tab, list: found.anchors() };
        case 'rooms':
          return { tab, list: found.rooms() };
        case 'news':
          return { tab, list: found.news() };
      }
    },

    /** What the header's box offers while a fan types: rooms on air, then teams, leagues, players, anchors. */
    async suggest(text: string, locale: Locale): Promise<Suggestion[]> {
      const found = await run('suggest', text, locale);
      const plain = (kind: Suggestion['kind'], hits: { id: number; gameId: number; name: string }[]) =>
        hits.map((hit) => ({ kind, id: hit.id, gameId: hit.gameId, label: hit.name, live: false }));
      return [
        ...found.rooms().map((room) => ({
          kind: 'room' as const,
          id: room.id,
          gameId: room.gameId,
          label: room.title,
          live: room.live,
        })),
        ...plain('team', found.teams()),
        ...plain('league', found.leagues()),
        ...plain('player', found.players()),
        ...found.anchors().map((anchor) => ({
          kind: 'anchor' as const,
          id: anchor.id,
          gameId: null,
          label: anchor.name,
          live: anchor.live,
        })),
      ].slice(0, 8);
    },
  };
}

export type Search = ReturnType<typeof createSearch>;

/**
 * Counts afresh the words most documents of a kind hold, which search's index lookups leave out
 * (migration 0018): names come and go all day, so the words common among them change.
 */
export async function countCommonWords(db: Db) {
  await db.execute(sql`select search_count_common_words()`);
}

/**
 * Builds the search documents' indexes afresh. A GIN posting list that rows were added to and
 * taken from one at a time (a name changed, a room on or off air) keeps its half-empty pages, and
 * a word most documents hold gets dear to read: 'player' in the benchmark's 90,720 players cost
 * 6.7 ms per lookup after the seeding's rewrites, 0.6 ms rebuilt (decision 029). PostgreSQL
 * rebuilds them beside the old ones, so searches go on meanwhile; PGlite serves one statement at
 * a time anyway and holds a few thousand documents.
 */
export async function rebuildSearchIndexes({ db, kind }: Database) {
  if (kind === 'pglite') {
    await db.execute(sql`reindex table search_documents`);
    return;
  }
  // A rebuild cut short (an instance stopped during it) leaves its new index behind, invalid:
  // never read, yet written with every document, and skipped by the next rebuild. Dropped first.
  const leftovers = await db.execute(sql`
    select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
    where i.indrelid = 'search_documents'::regclass and not i.indisvalid`);
  for (const { name } of (leftovers as unknown as { rows: { name: string }[] }).rows)
    await db.execute(sql.raw(`drop index concurrently if exists ${name}`));
  await db.execute(sql`reindex table concurrently search_documents`);
}
