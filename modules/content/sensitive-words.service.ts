import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  createSensitiveWordFilter,
  parseWordList,
  type SensitiveWordFilter,
} from '../../lib/sensitive-words';
import type { Bus } from '../../platform/bus/bus';
import type { Stop } from '../../platform/module';
import type { SessionUser } from '../../platform/sessions';
import type { Settings } from '../system';

const SETTING = 'sensitive_words';
/** Published after a change, so every instance rebuilds its matcher from the stored list. */
const CHANGED = 'content:sensitive-words-changed';
/** The list a deployment starts with, until an administrator saves one. */
const DEFAULT_LIST = path.resolve(import.meta.dirname, '../../config/sensitive-words.txt');

export const sensitiveWordsRule = z.array(z.string().trim().min(1).max(50)).max(5000);

/**
 * The sensitive-word list of comments and live chat (one matcher for both). The matcher is built
 * once per instance, since it is checked on every message; a change is stored, then announced on
 * the bus, and each instance rebuilds its matcher from the database.
 */
export function createSensitiveWords(deps: { settings: Settings; bus: Bus; log: Logger }) {
  const { settings, bus, log } = deps;
  let matcher: SensitiveWordFilter = createSensitiveWordFilter(
    parseWordList(readFileSync(DEFAULT_LIST, 'utf8')),
  );

  async function list(): Promise<string[]> {
    const stored = sensitiveWordsRule.safeParse(await settings.get(SETTING));
    return stored.success ? stored.data : parseWordList(readFileSync(DEFAULT_LIST, 'utf8'));
  }

  async function reload(): Promise<void> {
    matcher = createSensitiveWordFilter(await list());
  }

  return {
    /** The first listed word the text contains, or null (see lib/sensitive-words.ts). */
    find: (text: string) => matcher.find(text),
    list,

    /** Loads the stored list and follows changes made on any instance. */
    async start(): Promise<Stop> {
      await reload();
      return bus.subscribe(CHANGED, () =>
        reload().catch((err) => log.error({ err }, 'sensitive words not reloaded; the old list stays')),
      );
    },

    async set(admin: SessionUser, words: string[]): Promise<string[]> {
      const next = [...new Set(words)];
      const before = new Set(await list());
      await settings.setAudited(SETTING, next, {
        actorId: admin.uid,
        action: 'set_sensitive_words',
        details: {
          added: next.filter((word) => !before.has(word)),
          removed: [...before].filter((word) => !next.includes(word)),
        },
      });
      await reload();
      await bus.publish(CHANGED, {});
      return next;
    },
  };
}

export type SensitiveWords = ReturnType<typeof createSensitiveWords>;
