import type { Jobs } from '../../platform/jobs/index';
import { defineModule } from '../../platform/module';
import { paymentCallbacks } from './callbacks.routes';
import { walletRoutes } from './wallet.routes';
import { createWalletDomain, type WalletDeps, type WalletDomain } from './wallet-domain';

export { REGISTRATION_BONUS_COINS, type Wallet } from './wallet.service';
export type { WalletDomain } from './wallet-domain';

/** Coins and diamonds: the ledger, memberships (VIP, SVIP) and payments with their providers. */
export const walletModule = defineModule({
  name: 'wallet',
  services: (deps: WalletDeps) => ({ wallet: createWalletDomain(deps) }),
  routes: [walletRoutes],
  endpoints: [paymentCallbacks],
  start: async ({ wallet, jobs }: { wallet: WalletDomain; jobs: Jobs }) => {
    // Incoming USDT transfers, looked for by the leader instance only, once every 15 s across them all.
    const { usdtWatcher } = wallet;
    if (usdtWatcher) jobs.every('wallet:usdt-watch', 15_000, () => usdtWatcher.poll());
  },
});
