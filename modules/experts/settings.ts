import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings as settingsTable } from '../../db/schema/index';
import { audit } from '../../platform/audit';
import type { SessionUser } from '../../platform/sessions';
import type { Settings } from '../system';
import { DEFAULT_PLAN_PRICES, DEFAULT_PLATFORM_SHARE_PERCENT, type ExpertSettings } from './experts.contract';

const KEY = 'expert_plans';

/** The configured plan prices and the platform's share of paid plans, stored in the settings. */
export function expertSettings(settings: Settings, db: Db) {
  return {
    async get(): Promise<ExpertSettings> {
      return (
        (await settings.get<ExpertSettings>(KEY)) ?? {
          prices: [...DEFAULT_PLAN_PRICES],
          platformSharePercent: DEFAULT_PLATFORM_SHARE_PERCENT,
        }
      );
    },

    /** An administrator's change, with its audit row. */
    async set(admin: SessionUser | null, value: ExpertSettings): Promise<ExpertSettings> {
      await db.transaction(async (tx) => {
        await tx
          .insert(settingsTable)
          .values({ key: KEY, value })
          .onConflictDoUpdate({ target: settingsTable.key, set: { value, updatedAt: sql`now()` } });
        await audit.record(tx, {
          actorId: admin?.uid ?? null,
          targetId: null,
          action: 'set_expert_settings',
          details: { ...value },
        });
      });
      return value;
    },
  };
}

export type ExpertSettingsStore = ReturnType<typeof expertSettings>;
