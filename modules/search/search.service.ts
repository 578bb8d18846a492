import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
 * Search over the source tables themselves (decision 029): every name column has a trigram index
 * (pg_trgm), so a part of a name (`ilike`, which the index serves), or a name a letter or two off
 * (word similarity), is found without a copy of the rows to keep in step. Articles and videos add
 * full-text search over title and summary. Names in other languages are in `localized_names`.
 */

/** How many of each kind the comprehensive tab and the suggestions show, and one tab at most. */
const FEW = 5;
const TAB_LIMIT = 50;

type Row = Record<string, unknown>;

/** The text as the patterns and similarity functions take it. */
interface Needle {
  text: string;
  /** `%text%` with LIKE's wildcards escaped: a fan typing `%` means the character. */
  contains: string;
  startsWith: string;
}

function needleOf(text: string): Needle {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return { text, contains: `%${escaped}%`, startsWith: `${escaped}%` };
}

/**
 * Whether `column` holds the text, or a word of it is close to the text. The three tests are
 * operators the trigram index answers: `ilike`; `%>` (word similarity at least 0.6, a letter off
 * in a long word); `%>>` (strict word similarity at least 0.5, for 'Ashwerth' against 'Ashworth').
 */
const matched = (column: SQL, n: Needle) =>
  sql`(${column} ilike ${n.contains} or ${column} %> ${n.text} or ${column} %>> ${n.text})`;

/** Best first: a name that starts with the text, then one that holds it, then by closeness. */
const score = (column: SQL, n: Needle) =>
  sql`(case when ${column} ilike ${n.startsWith} then 2 when ${column} ilike ${n.contains} then 1 else 0 end
    + word_similarity(${n.text}, ${column}))`;

// Both drivers answer a raw statement with `{rows}`; the shared type does not say so.
const rowsOf = async (db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const iso = (value: unknown) => new Date(value as string).toISOString();

/** A name at least this close (word similarity) to the text counts as misspelt, not as another name. */
const CLOSE_ENOUGH = 0.5;

/**
 * The competitions, teams or players whose own name (or nickname), or a name in any language,
 * matches; with the name in the visitor's language (`localized`) where there is one. First the
 * names holding the text, those starting with it and the shortest first (the trigram GIN index
 * serves `ilike`). Only when they are fewer than `limit`, the names nearest by word similarity,
 * taken in order from the trigram GiST index (a nearest-neighbour scan that stops after `limit`
 * rows), kept when close enough: a misspelt name. Holding the text ranks above nearness.
 */
function namedHits(
  kind: 'competition' | 'team' | 'player',
  table: SQL,
  names: SQL[],
  n: Needle,
  locale: Locale,
  limit: number,
): SQL {
  const sources = [
    ...names.map((name) => ({ from: table, filter: sql`true`, id: sql`id`, name })),
    { from: sql`localized_names`, filter: sql`kind = ${kind}`, id: sql`ref_id`, name: sql`name` },
  ];
  const holding = sources.map(
    ({ from, filter, id, name }) =>
      sql`(select ${id} as ref_id, case when ${name} ilike ${n.startsWith} then 3 else 2 end - length(${name}) / 1000.0 as score
        from ${from} where ${filter} and ${name} ilike ${n.contains}
        order by score desc limit ${limit})`,
  );
  const near = sources.map(
    ({ from, filter, id, name }) =>
      sql`(select ${id} as ref_id, 1 - (${n.text} <<-> ${name}) as score
        from ${from} where ${filter} order by ${n.text} <<-> ${name} limit ${limit})`,
  );
  // The count is a one-time filter: when enough names hold the text, the nearest are not looked up.
  return sql`with holding as (${sql.join(holding, sql` union all `)}),
      near as (
        select * from (${sql.join(near, sql` union all `)}) nearest
        where score >= ${CLOSE_ENOUGH} and (select count(*) from holding) < ${limit}
      )
    select t.*, own.name as localized, best.score from (
      select ref_id, max(score) as score from (select * from holding union all select * from near) h group by ref_id
    ) best
    join ${table} t on t.id = best.ref_id
    left join localized_names own on own.kind = ${kind} and own.ref_id = t.id and own.locale = ${locale}
    order by best.score desc, t.id
    limit ${limit}`;
}

export function createSearch(db: Db) {
  const teams = async (n: Needle, locale: Locale, limit: number): Promise<TeamHit[]> =>
    (await rowsOf(db, namedHits('team', sql`teams`, [sql`name`], n, locale, limit))).map((r) => ({
      id: Number(r.id),
      gameId: Number(r.game_id),
      name: String(r.localized ?? r.name),
      logo: (r.logo as string | null) ?? null,
    }));

  const leagues = async (n: Needle, locale: Locale, limit: number): Promise<LeagueHit[]> =>
    (await rowsOf(db, namedHits('competition', sql`competitions`, [sql`name`], n, locale, limit))).map(
      (r) => ({
        id: Number(r.id),
        gameId: Number(r.game_id),
        name: String(r.localized ?? r.name),
        logo: (r.logo as string | null) ?? null,
      }),
    );

  const players = async (n: Needle, locale: Locale, limit: number): Promise<PlayerHit[]> => {
    const rows = await rowsOf(
      db,
      sql`select p.id, p.game_id, coalesce(p.localized, p.nickname, p.name) as shown, coalesce(tn.name, tm.name) as team
        from (${namedHits('player', sql`players`, [sql`name`, sql`nickname`], n, locale, limit)}) p
        left join teams tm on tm.id = p.team_id
        left join localized_names tn on tn.kind = 'team' and tn.ref_id = tm.id and tn.locale = ${locale}
        order by p.score desc, p.id`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      gameId: Number(r.game_id),
      name: String(r.shown),
      team: (r.team as string | null) ?? null,
    }));
  };

  /**
   * Matches of the teams and competitions found, within a month either side of today: in play
   * first, then the nearest in time.
   */
  const matchesOf = async (
    teamIds: number[],
    leagueIds: number[],
    locale: Locale,
    limit: number,
  ): Promise<MatchHit[]> => {
    if (!teamIds.length && !leagueIds.length) return [];
    const ids = (list: number[]) =>
      sql`array[${sql.join(
        [0, ...list].map((id) => sql`${id}`),
        sql`, `,
      )}]::bigint[]`;
    const near = sql`starts_at between now() - interval '30 days' and now() + interval '30 days'`;
    const name = (alias: string, kind: string) =>
      sql`coalesce((select name from localized_names where kind = ${kind} and ref_id = ${sql.raw(alias)}.id and locale = ${locale}), ${sql.raw(alias)}.name)`;
    const rows = await rowsOf(
      db,
      sql`select m.id, m.game_id, m.starts_at, m.status, m.home_score, m.away_score,
          ${name('h', 'team')} as home, ${name('a', 'team')} as away, ${name('c', 'competition')} as league
        from (
          select id from matches where home_team_id = any(${ids(teamIds)}) and ${near}
          union select id from matches where away_team_id = any(${ids(teamIds)}) and ${near}
          union select id from matches where competition_id = any(${ids(leagueIds)}) and ${near}
        ) found
        join matches m on m.id = found.id
        join competitions c on c.id = m.competition_id
        left join teams h on h.id = m.home_team_id
        left join teams a on a.id = m.away_team_id
        order by m.status = 'in_progress' desc, abs(extract(epoch from m.starts_at - now())), m.id
        limit ${limit}`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      gameId: Number(r.game_id),
      startsAt: iso(r.starts_at),
      status: String(r.status),
      homeScore: Number(r.home_score),
      awayScore: Number(r.away_score),
      home: String(r.home ?? ''),
      away: String(r.away ?? ''),
      league: String(r.league),
    }));
  };

  const matches = async (n: Needle, locale: Locale, limit: number): Promise<MatchHit[]> => {
    const [t, l] = await Promise.all([teams(n, locale, 20), leagues(n, locale, 5)]);
    return matchesOf(
      t.map((team) => team.id),
      l.map((league) => league.id),
      locale,
      limit,
    );
  };

  /** Approved anchors by name; those on air first. */
  const anchors = async (n: Needle, limit: number): Promise<AnchorHit[]> => {
    const rows = await rowsOf(
      db,
      sql`select a.user_id, a.name, u.avatar, r.id as room_id, coalesce(r.live and not r.closed, false) as live
        from anchors a
        join users u on u.uid = a.user_id
        left join live_rooms r on r.anchor_id = a.user_id
        where a.state = 'approved' and ${matched(sql`a.name`, n)}
        order by live desc, ${score(sql`a.name`, n)} desc, a.user_id
        limit ${limit}`,
    );
    return rows.map((r) => ({
      id: Number(r.user_id),
      name: String(r.name),
      avatar: (r.avatar as string | null) ?? null,
      roomId: r.room_id === null ? null : Number(r.room_id),
      live: Boolean(r.live),
    }));
  };

  /** Open rooms by title or anchor's name; rooms on air rank above every room that is not. */
  const rooms = async (n: Needle, limit: number): Promise<RoomHit[]> => {
    const rows = await rowsOf(
      db,
      sql`select r.id, r.title, r.cover, r.game_id, r.live, a.name as anchor
        from live_rooms r
        join anchors a on a.user_id = r.anchor_id
        where not r.closed and a.state = 'approved'
          and (${matched(sql`r.title`, n)} or ${matched(sql`a.name`, n)})
        order by r.live desc, greatest(${score(sql`r.title`, n)}, ${score(sql`a.name`, n)}) desc, r.id
        limit ${limit}`,
    );
    return rows.map((r) => ({
      id: Number(r.id),
      title: String(r.title),
      cover: String(r.cover),
      gameId: Number(r.game_id),
      anchor: String(r.anchor),
      live: Boolean(r.live),
    }));
  };

  /**
   * Published articles and videos: the words of title and summary (full-text, every word must be
   * there), or part of the title, or a title a letter off; best match first, then the newest.
   */
  const news = async (n: Needle, limit: number): Promise<NewsHit[]> => {
    const document = sql`to_tsvector('simple', title || ' ' || summary)`;
    const words = sql`plainto_tsquery('simple', ${n.text})`;
    const found = (table: SQL, kind: string, published: SQL) =>
      sql`select ${kind} as kind, id, game_id, title, cover, published_at,
          ts_rank(${document}, ${words}) + ${score(sql`title`, n)} as score
        from ${table}
        where ${published} and (${document} @@ ${words} or ${matched(sql`title`, n)})`;
    const rows = await rowsOf(
      db,
      sql`${found(sql`articles`, 'article', sql`status = 'published'`)}
        union all ${found(sql`videos`, 'video', sql`source is not null`)}
        order by score desc, published_at desc
        limit ${limit}`,
    );
    return rows.map((r) => ({
      kind: r.kind as 'article' | 'video',
      id: Number(r.id),
      gameId: Number(r.game_id),
      title: String(r.title),
      cover: (r.cover as string | null) ?? null,
      publishedAt: iso(r.published_at),
    }));
  };

  return {
    /** The comprehensive tab: the best few of every kind. */
    async all(text: string, locale: Locale): Promise<SearchResults> {
      const n = needleOf(text);
      const [t, l, p, a, r, news_] = await Promise.all([
        teams(n, locale, FEW),
        leagues(n, locale, FEW),
        players(n, locale, FEW),
        anchors(n, FEW),
        rooms(n, FEW),
        news(n, FEW),
      ]);
      // The matches are those of the teams and leagues shown.
      const m = await matchesOf(
        t.map((team) => team.id),
        l.map((league) => league.id),
        locale,
        FEW,
      );
      return { matches: m, teams: t, leagues: l, players: p, anchors: a, rooms: r, news: news_ };
    },

    /** One tab of the results page. */
    async tab(text: string, tab: TabResults['tab'], locale: Locale): Promise<TabResults> {
      const n = needleOf(text);
      switch (tab) {
        case 'matches':
          return { tab, list: await matches(n, locale, TAB_LIMIT) };
        case 'anchors':
          return { tab, list: await anchors(n, TAB_LIMIT) };
        case 'rooms':
          return { tab, list: await rooms(n, TAB_LIMIT) };
        case 'news':
          return { tab, list: await news(n, TAB_LIMIT) };
      }
    },

    /** What the header's box offers while a fan types: rooms on air, then teams, leagues, players, anchors. */
    async suggest(text: string, locale: Locale): Promise<Suggestion[]> {
      const n = needleOf(text);
      const [r, t, l, p, a] = await Promise.all([
        rooms(n, 3),
        teams(n, locale, 3),
        leagues(n, locale, 2),
        players(n, locale, 3),
        anchors(n, 2),
      ]);
      return [
        ...r.map((room) => ({
          kind: 'room' as const,
          id: room.id,
          gameId: room.gameId,
          label: room.title,
          live: room.live,
        })),
        ...t.map((team) => ({
          kind: 'team' as const,
          id: team.id,
          gameId: team.gameId,
          label: team.name,
          live: false,
        })),
        ...l.map((league) => ({
          kind: 'league' as const,
          id: league.id,
          gameId: league.gameId,
          label: league.name,
          live: false,
        })),
        ...p.map((player) => ({
          kind: 'player' as const,
          id: player.id,
          gameId: player.gameId,
          label: player.name,
          live: false,
        })),
        ...a.map((anchor) => ({
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
