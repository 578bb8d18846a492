import type { Database } from '../../db/client';
import type { Bus } from '../../platform/bus/bus';
import type { Env } from '../../platform/env';
import type { Translator } from '../../platform/i18n';
import { defineModule } from '../../platform/module';
import type { RateLimiter } from '../../platform/rate-limit';
import type { Sender } from '../delivery';
import type { Wallet } from '../wallet';
import { accountsRoutes } from './accounts.routes';
import { createAccounts } from './accounts.service';
import { createCodes } from './codes.service';
import { countriesRoutes } from './countries.routes';
import { signInOptions } from './external/providers';
import { externalLoginRoutes } from './external.routes';
import { createSessions } from './sessions.service';

export { type Accounts, type RequestMeta, toUserInfo } from './accounts.service';
export { addressKey, type CodeAddress, type Codes } from './codes.service';
export { hashPassword, sha256 } from './secrets';
export type { Sessions } from './sessions.service';

interface AccountsDeps {
  database: Database;
  bus: Bus;
  secret: string;
  env: Env;
  i18n: Translator;
  limiter: RateLimiter;
  delivery: Sender;
  wallet: Wallet;
}

/** Accounts: registration and login (codes, passwords, third parties), sessions, countries. */
export const accountsModule = defineModule({
  name: 'accounts',
  services: ({ database: { db }, bus, secret, env, i18n, limiter, delivery, wallet }: AccountsDeps) => {
    const sessions = createSessions({ db, bus, secret, days: env.SESSION_DAYS });
    const codes = createCodes({ db, limiter, send: delivery, i18n });
    return {
      sessions,
      codes,
      accounts: createAccounts({ db, wallet, sessions, codes, limiter }),
      /** Sent to the browser with the project config: which sign-in buttons to show. */
      signInOptions: signInOptions(env),
    };
  },
  routes: [accountsRoutes, externalLoginRoutes, countriesRoutes],
});
