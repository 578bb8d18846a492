import { AppError } from '../../lib/errors';
import type { SessionUser } from '../../platform/sessions';
import type { Settings } from '../system';
import { LEVEL_TIERS_RMB, rechargeOptionsRule } from './wallet.contract';

const SETTING = 'recharge_options';

/**
 * The RMB amounts a fan can recharge, set by an administrator. Read through on every use, so a
 * change reaches every instance at once (docs/decisions/025-admin-console.md).
 */
export function createRechargeOptions(deps: { settings: Settings }) {
  const { settings } = deps;

  async function list(): Promise<number[]> {
    const stored = rechargeOptionsRule.safeParse(await settings.get(SETTING));
    return stored.success ? stored.data : [...LEVEL_TIERS_RMB];
  }

  return {
    list,

    /** Refuses an amount that is not offered now, naming the field. */
    async check(rmb: number): Promise<void> {
      if (!(await list()).includes(rmb))
        throw new AppError('formatError', { issues: [{ field: 'body.rmb', reason: 'invalidValue' }] });
    },

    async set(admin: SessionUser, next: number[]): Promise<number[]> {
      await settings.setAudited(SETTING, next, {
        actorId: admin.uid,
        action: 'set_recharge_options',
        details: { rmb: next },
      });
      return next;
    },
  };
}

export type RechargeOptions = ReturnType<typeof createRechargeOptions>;
