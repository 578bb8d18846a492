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
});

/** For page loaders: `services.wallet`. */
export const walletDomain = (services: { wallet: WalletDomain }): WalletDomain => services.wallet;
