import { accountsModule } from '../modules/accounts';
import { adminModule } from '../modules/admin';
import { alertsModule } from '../modules/alerts';
import { catalogModule } from '../modules/catalog';
import { channelsModule } from '../modules/channels';
import { chatModule } from '../modules/chat';
import { contentModule } from '../modules/content';
import { deliveryModule } from '../modules/delivery';
import { expertsModule } from '../modules/experts';
import { feedsModule } from '../modules/feeds';
import { libraryModule } from '../modules/library';
import { liveModule } from '../modules/live';
import { mallModule } from '../modules/mall';
import { matchesModule } from '../modules/matches';
import { searchModule } from '../modules/search';
import { systemModule } from '../modules/system';
import { usersModule } from '../modules/users';
import { walletModule } from '../modules/wallet';
import type { ServicesOf } from '../platform/module';
import type { PlatformServices } from '../platform/services';

/**
 * Every domain of the app, in order: a module's services are built from those of the platform
 * and of the modules above it, and modules start in this order and stop in reverse. Adding a
 * domain is its folder under modules/ and one line here.
 */
export const MODULES = [
  systemModule,
  deliveryModule,
  catalogModule,
  walletModule,
  accountsModule,
  usersModule,
  matchesModule,
  alertsModule,
  libraryModule,
  expertsModule,
  adminModule,
  contentModule,
  mallModule,
  feedsModule,
  liveModule,
  chatModule,
  channelsModule,
  searchModule,
] as const;

/** Everything routes, pages and sockets share: the platform's services and every module's. */
export type Services = PlatformServices & ServicesOf<typeof MODULES>;
