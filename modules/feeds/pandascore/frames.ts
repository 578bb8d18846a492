import { z } from 'zod';
import type { FrameKind } from './games';
import type { LiveGame, LiveSide } from './mapping';

/**
 * The live API's messages as the adapter reads them. A message that is not the documented shape
 * is refused with the reason, for the log line the feed writes when it drops it.
 */

const id = z.number().int().positive();
const count = z.number().min(0);
const frameGame = z.object({ id, finished: z.boolean(), winner_id: id.nullable() });
const frameBase = { game: frameGame, match: z.object({ id }), current_timestamp: z.number() };

const csSide = z.object({ id, round_score: count, score: count });
const csFrame = z.object({
  ...frameBase,
  round: z.number().int().min(0),
  counter_terrorists: csSide,
  terrorists: csSide,
});

const lolSide = z.object({ id, kills: count, towers: count, gold: count, nashors: count.default(0) });
const lolFrame = z.object({ ...frameBase, blue: lolSide, red: lolSide });

/** Dota 2 gives towers and barracks as counts or as destroyed and remaining. */
const destroyed = z
  .union([count, z.object({ destroyed: count.optional() })])
  .optional()
  .transform((value) => (typeof value === 'number' ? value : (value?.destroyed ?? 0)));
const dotaSide = z.object({ id, score: count, towers: destroyed });
const dotaFrame = z.object({ ...frameBase, radiant: dotaSide, dire: dotaSide });

const side = (teamId: number, values: Partial<Omit<LiveSide, 'teamId'>>): LiveSide => ({
  teamId,
  points: 0,
  towers: 0,
  gold: 0,
  objectives: 0,
  ...values,
});

/** Rounds played × 1000 + the seconds of the round (under 1000). */
const roundProgress = (rounds: number, roundSeconds: number) =>
  rounds * 1000 + Math.min(999, Math.max(0, Math.floor(roundSeconds)));

export type Parsed<T> = { ok: true; value: T; matchId: number } | { ok: false; reason: string };

const refusal = (error: z.ZodError): { ok: false; reason: string } => ({
  ok: false,
  reason: error.issues.map((issue) => `${issue.path.join('.') || 'frame'}: ${issue.message}`).join('; '),
});

type FrameBase = { game: z.output<typeof frameGame>; match: { id: number }; current_timestamp: number };

/** The game in play from a frame's common fields, its sides and how far it has gone. */
function played(f: FrameBase, sides: readonly [LiveSide, LiveSide], progress: number, gameSeconds: number) {
  return {
    ok: true as const,
    matchId: f.match.id,
    value: {
      gameId: f.game.id,
      finished: f.game.finished,
      winnerId: f.game.winner_id,
      sides,
      progress,
      gameSeconds,
    },
  };
}

/** The in-game clock of a MOBA: it runs from before the horn (negative), when nothing moves yet. */
const clockOf = (f: FrameBase) => Math.max(0, Math.floor(f.current_timestamp));

/** A frame of the title as the game in play. */
export function gameOfFrame(kind: FrameKind, message: unknown): Parsed<LiveGame> {
  switch (kind) {
    case 'cs': {
      const parsed = csFrame.safeParse(message);
      if (!parsed.success) return refusal(parsed.error);
      const f = parsed.data;
      const [ct, t] = [f.counter_terrorists, f.terrorists];
      const sides = [side(ct.id, { points: ct.round_score }), side(t.id, { points: t.round_score })] as const;
      return played(f, sides, roundProgress(ct.round_score + t.round_score, f.current_timestamp), 0);
    }
    case 'lol': {
      const parsed = lolFrame.safeParse(message);
      if (!parsed.success) return refusal(parsed.error);
      const f = parsed.data;
      const lol = (s: z.output<typeof lolSide>) =>
        side(s.id, { points: s.kills, towers: s.towers, gold: s.gold, objectives: s.nashors });
      return played(f, [lol(f.blue), lol(f.red)], clockOf(f), clockOf(f));
    }
    case 'dota': {
      const parsed = dotaFrame.safeParse(message);
      if (!parsed.success) return refusal(parsed.error);
      const f = parsed.data;
      const dota = (s: z.output<typeof dotaSide>) => side(s.id, { points: s.score, towers: s.towers });
      return played(f, [dota(f.radiant), dota(f.dire)], clockOf(f), clockOf(f));
    }
  }
}

const event = z.object({
  type: z.string().min(1),
  payload: z.unknown(),
  game: z.object({ id }).optional(),
  match: z.object({ id }).optional(),
});

const roundScore = z.object({
  round_score: z.object({
    counter_terrorists: z.object({ score: count, team_id: id }),
    terrorists: z.object({ score: count, team_id: id }),
  }),
});

/**
 * What an event tells of the game in play: Counter-Strike's `round_end` carries the round score
 * (from the start of the next round); other events are not read (null).
 */
export function gameOfEvent(
  kind: FrameKind,
  message: unknown,
): Parsed<Pick<LiveGame, 'gameId' | 'sides' | 'progress'> | null> {
  const parsed = event.safeParse(message);
  if (!parsed.success) return refusal(parsed.error);
  const e = parsed.data;
  const matchId = e.match?.id ?? 0;
  if (kind !== 'cs' || e.type !== 'round_end') return { ok: true, matchId, value: null };
  const score = roundScore.safeParse(e.payload);
  if (!score.success) return refusal(score.error);
  if (!e.game) return { ok: false, reason: 'game: missing' };
  const { counter_terrorists: ct, terrorists: t } = score.data.round_score;
  return {
    ok: true,
    matchId,
    value: {
      gameId: e.game.id,
      sides: [side(ct.team_id, { points: ct.score }), side(t.team_id, { points: t.score })],
      progress: roundProgress(ct.score + t.score, 0),
    },
  };
}

/** The first message of a live socket: `{"type":"hello","payload":{}}`. */
export function isHello(message: unknown): boolean {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === 'hello';
}
