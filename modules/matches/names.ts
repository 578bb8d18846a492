import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { localizedNames } from '../../db/schema/index';
import type { Locale } from '../../lib/locales';
import type { Bus } from '../../platform/bus/bus';
import type { LeagueRef, MatchDetail, MatchSummary, TeamRef } from './matches.contract';

/** The bus channel that tells every instance the feeds wrote names in other languages. */
export const NAMES_CHANGED = 'matches:names-changed';

/**
 * The names of competitions, teams and players in one language, where a feed gave one
 * (`localized_names`); everything else keeps the name the feed gave, so that a fan sees the name
 * search finds ('上海龙之队') on every list and page.
 */
export interface NameBook {
  /** Groups languages with no names of their own (''), whose answers are the same. */
  readonly key: string;
  league<T extends LeagueRef>(league: T): T;
  team<T extends Pick<TeamRef, 'id' | 'name'>>(team: T): T;
  /** The summary with its league's and teams' names; the same object when none has another. */
  summary(summary: MatchSummary): MatchSummary;
}

export interface LocalNames {
  /** Raised by every reload: answers built before it are stale. */
  readonly version: number;
  of(locale: Locale): NameBook;
  /** A match page's names: its summaries', and its players' (read from the store). */
  detail(detail: MatchDetail, locale: Locale): Promise<MatchDetail>;
  /** Loads the names of competitions and teams, and reloads them whenever a feed writes some. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

type Kind = 'competition' | 'team';

/** The book of a language with no names of its own: the feed's names. */
export const FEED_NAMES: NameBook = {
  key: '',
  league: (league) => league,
  team: (team) => team,
  summary: (summary) => summary,
};

/**
 * Competitions' and teams' names by language, in memory (a few thousand rows: the board's lists
 * and pushes name them many times a second); players' names are read with the page that shows them.
 */
export function createLocalNames({ db, bus, log }: { db: Db; bus: Bus; log: Logger }): LocalNames {
  let books = new Map<string, NameBook>();
  let version = 0;
  let unsubscribe: (() => Promise<void>) | undefined;
  let reloading: Promise<void> | undefined;
  let again = false;

  async function load(): Promise<void> {
    const rows = await db
      .select({
        kind: localizedNames.kind,
        refId: localizedNames.refId,
        locale: localizedNames.locale,
        name: localizedNames.name,
      })
      .from(localizedNames)
      .where(ne(localizedNames.kind, 'player'));
    const byLocale = new Map<string, Record<Kind, Map<number, string>>>();
    for (const row of rows) {
      let names = byLocale.get(row.locale);
      if (!names) {
        names = { competition: new Map(), team: new Map() };
        byLocale.set(row.locale, names);
      }
      names[row.kind as Kind]?.set(row.refId, row.name);
    }
    books = new Map([...byLocale].map(([locale, names]) => [locale, bookOf(locale, names)]));
    version += 1;
  }

  /** One reload at a time; a change heard meanwhile reloads once more after it. */
  function reload(): Promise<void> {
    if (reloading) {
      again = true;
      return reloading;
    }
    reloading = load()
      .catch((err) => log.warn({ err }, 'could not reload the localized names'))
      .finally(() => {
        reloading = undefined;
        if (again) {
          again = false;
          void reload();
        }
      });
    return reloading;
  }

  const of = (locale: Locale) => books.get(locale) ?? FEED_NAMES;

  return {
    get version() {
      return version;
    },
    of,
    async detail(detail, locale) {
      const book = of(locale);
      // A feed that names players in a language names its teams in it too.
      if (book === FEED_NAMES) return detail;
      const players = await playerNames(db, locale, playerIdsOf(detail));
      const player = <P extends { id: number; name: string }>(ref: P | null): P | null =>
        ref && { ...ref, name: players.get(ref.id) ?? ref.name };
      const lineupNames = new Map<string, string>();
      const lineup = (side: NonNullable<MatchDetail['extras']['lineups']>['home']) => {
        const renamed = (entry: (typeof side.starters)[number]) => {
          const name = entry.playerId === null ? undefined : players.get(entry.playerId);
          if (name === undefined) return entry;
          lineupNames.set(entry.name, name);
          return { ...entry, name };
        };
        return { ...side, starters: side.starters.map(renamed), bench: side.bench.map(renamed) };
      };
      const lineups = detail.extras.lineups && {
        home: lineup(detail.extras.lineups.home),
        away: lineup(detail.extras.lineups.away),
      };
      return {
        ...detail,
        summary: book.summary(detail.summary),
        headToHead: detail.headToHead.map(book.summary),
        incidents: detail.incidents.map((incident) => ({
          ...incident,
          player: player(incident.player),
          secondPlayer: player(incident.secondPlayer),
        })),
        extras: { ...detail.extras, lineups },
        injuries: detail.injuries.map((injury) => ({
          ...injury,
          player: player(injury.player) ?? injury.player,
        })),
        // Ratings name the lineup's entries.
        ratings:
          detail.ratings?.map((rating) => ({
            ...rating,
            name: lineupNames.get(rating.name) ?? rating.name,
          })) ?? null,
      };
    },
    async start() {
      unsubscribe = await bus.subscribe(NAMES_CHANGED, () => void reload());
      await reload();
    },
    async stop() {
      await unsubscribe?.();
      await reloading;
    },
  };
}

function bookOf(locale: string, names: Record<Kind, Map<number, string>>): NameBook {
  const league = <T extends LeagueRef>(ref: T): T => {
    const name = names.competition.get(ref.id);
    return name === undefined || name === ref.name ? ref : { ...ref, name };
  };
  const team = <T extends Pick<TeamRef, 'id' | 'name'>>(ref: T): T => {
    const name = names.team.get(ref.id);
    return name === undefined || name === ref.name ? ref : { ...ref, name };
  };
  // Summaries are replaced, never changed in place: each one's named copy is kept with it.
  const named = new WeakMap<MatchSummary, MatchSummary>();
  return {
    key: locale,
    league,
    team,
    summary(summary) {
      const kept = named.get(summary);
      if (kept) return kept;
      const copy: MatchSummary = {
        ...summary,
        league: league(summary.league),
        home: summary.home && team(summary.home),
        away: summary.away && team(summary.away),
        lobby:
          summary.lobby === null
            ? null
            : summary.lobby.map((standing) => ({ ...standing, team: team(standing.team) })),
      };
      const changed =
        copy.league !== summary.league ||
        copy.home !== summary.home ||
        copy.away !== summary.away ||
        copy.lobby?.some((standing, index) => standing.team !== summary.lobby?.[index]?.team);
      const result = changed ? copy : summary;
      named.set(summary, result);
      return result;
    },
  };
}

function playerIdsOf(detail: MatchDetail): number[] {
  const ids = new Set<number>();
  for (const incident of detail.incidents) {
    if (incident.player) ids.add(incident.player.id);
    if (incident.secondPlayer) ids.add(incident.secondPlayer.id);
  }
  for (const side of [detail.extras.lineups?.home, detail.extras.lineups?.away]) {
    for (const entry of [...(side?.starters ?? []), ...(side?.bench ?? [])]) {
      if (entry.playerId !== null) ids.add(entry.playerId);
    }
  }
  for (const injury of detail.injuries) ids.add(injury.player.id);
  return [...ids];
}

async function playerNames(db: Db, locale: Locale, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: localizedNames.refId, name: localizedNames.name })
    .from(localizedNames)
    .where(
      and(
        eq(localizedNames.kind, 'player'),
        eq(localizedNames.locale, locale),
        inArray(localizedNames.refId, ids),
      ),
    );
  return new Map(rows.map((row) => [row.id, row.name]));
}
