import { z } from 'zod';

/** Search across the site (issue 21): wire types and schemas shared with the browser. */

/** What a visitor typed: one to 50 characters once trimmed. */
export const searchText = z.string().trim().min(1).max(50);

export const searchQuery = z.object({ text: searchText });
export const tabQuery = z.object({ text: searchText, tab: z.enum(['matches', 'anchors', 'rooms', 'news']) });

const named = z.object({ id: z.number(), name: z.string() });

export const teamHit = named.extend({ gameId: z.number(), logo: z.string().nullable() });
export const leagueHit = named.extend({ gameId: z.number(), logo: z.string().nullable() });
export const playerHit = named.extend({ gameId: z.number(), team: z.string().nullable() });
export const matchHit = z.object({
  id: z.number(),
  gameId: z.number(),
  startsAt: z.string(),
  status: z.string(),
  homeScore: z.number(),
  awayScore: z.number(),
  home: z.string(),
  away: z.string(),
  league: z.string(),
});
export const anchorHit = named.extend({
  avatar: z.string().nullable(),
  roomId: z.number().nullable(),
  live: z.boolean(),
});
export const roomHit = z.object({
  id: z.number(),
  title: z.string(),
  cover: z.string(),
  gameId: z.number(),
  anchor: z.string(),
  live: z.boolean(),
});
export const newsHit = z.object({
  kind: z.enum(['article', 'video']),
  id: z.number(),
  gameId: z.number(),
  title: z.string(),
  cover: z.string().nullable(),
  publishedAt: z.string(),
});

/** The comprehensive tab: the best few of every kind. */
export const searchResults = z.object({
  matches: z.array(matchHit),
  teams: z.array(teamHit),
  leagues: z.array(leagueHit),
  players: z.array(playerHit),
  anchors: z.array(anchorHit),
  rooms: z.array(roomHit),
  news: z.array(newsHit),
});

/** One tab's results, best first. */
export const tabResults = z.union([
  z.object({ tab: z.literal('matches'), list: z.array(matchHit) }),
  z.object({ tab: z.literal('anchors'), list: z.array(anchorHit) }),
  z.object({ tab: z.literal('rooms'), list: z.array(roomHit) }),
  z.object({ tab: z.literal('news'), list: z.array(newsHit) }),
]);

/** A suggestion under the header's search box: where it leads and what it says. */
export const suggestion = z.object({
  kind: z.enum(['team', 'league', 'player', 'anchor', 'room']),
  id: z.number(),
  gameId: z.number().nullable(),
  label: z.string(),
  live: z.boolean(),
});

export type TeamHit = z.infer<typeof teamHit>;
export type LeagueHit = z.infer<typeof leagueHit>;
export type PlayerHit = z.infer<typeof playerHit>;
export type MatchHit = z.infer<typeof matchHit>;
export type AnchorHit = z.infer<typeof anchorHit>;
export type RoomHit = z.infer<typeof roomHit>;
export type NewsHit = z.infer<typeof newsHit>;
export type SearchResults = z.infer<typeof searchResults>;
export type TabResults = z.infer<typeof tabResults>;
export type Suggestion = z.infer<typeof suggestion>;
