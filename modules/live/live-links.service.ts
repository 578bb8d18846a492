import { z } from 'zod';
import { LOCALES } from '../../lib/locales';
import type { SessionUser } from '../../platform/sessions';
import type { Settings } from '../system';
import type { PlaybackLine } from './media/index';

const SETTING = 'live_links';
const KINDS = ['flv', 'hls'] as const satisfies readonly PlaybackLine['kind'][];

/** How each kind of playback line is offered: its priority (1 first), language and Pro flag. */
export const liveLinkSettingsRule = z
  .array(
    z.object({
      kind: z.enum(KINDS),
      priority: z.number().int().min(1).max(99),
      language: z.enum(LOCALES),
      pro: z.boolean(),
    }),
  )
  .length(KINDS.length)
  .refine((list) => KINDS.every((kind) => list.some((line) => line.kind === kind)), 'invalidValue');
export type LiveLinkSettings = z.output<typeof liveLinkSettingsRule>;

/** The low-delay FLV line first and marked Pro, HLS second (spec point 3, Live link). */
const DEFAULTS: LiveLinkSettings = [
  { kind: 'flv', priority: 1, language: 'zh_CN', pro: true },
  { kind: 'hls', priority: 2, language: 'zh_CN', pro: false },
];

/** The live-link settings an administrator edits; read through where they are used. */
export function createLiveLinkSettings(deps: { settings: Settings }) {
  const { settings } = deps;

  async function get(): Promise<LiveLinkSettings> {
    const stored = liveLinkSettingsRule.safeParse(await settings.get(SETTING));
    return stored.success ? stored.data : DEFAULTS;
  }

  return {
    get,

    /** The lines with their settings, by priority. */
    async apply<L extends PlaybackLine>(lines: L[]) {
      const all = await get();
      return lines
        .flatMap((line) => {
          const setting = all.find((s) => s.kind === line.kind);
          return setting ? [{ ...line, ...setting }] : [];
        })
        .sort((a, b) => a.priority - b.priority);
    },

    async set(admin: SessionUser, next: LiveLinkSettings): Promise<LiveLinkSettings> {
      await settings.setAudited(SETTING, next, {
        actorId: admin.uid,
        action: 'set_live_links',
        details: { links: next },
      });
      return next;
    },
  };
}

export type LiveLinkSettingsService = ReturnType<typeof createLiveLinkSettings>;
