import type { AppLoadContext } from '../../load-context';
import { orNotFound } from '../users/index.server';
import type { WalletFacts } from './wallet-summary';

/** The signed-in user's balances, level and membership for the wallet pages. */
export async function walletFacts(context: AppLoadContext, uid: number): Promise<WalletFacts> {
  const me = await orNotFound(context.services.accounts.userInfo(uid));
  return {
    coins: me.coins,
    diamonds: me.diamonds,
    level: me.level,
    vipExpiresAt: me.vipExpiresAt,
    svipExpiresAt: me.svipExpiresAt,
    diamondsPerRmb: context.services.env.DIAMONDS_PER_RMB,
  };
}
