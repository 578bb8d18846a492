import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import { users } from '../../db/schema/index';
import type { Env } from '../../platform/env';
import { type Accounts, hashPassword } from '../accounts';
import type { Admin } from './admin.service';

interface BootstrapServices {
  env: Env;
  log: Logger;
  database: Database;
  accounts: Accounts;
  admin: Admin;
}

/**
 * The first administrator, from ADMIN_EMAIL and ADMIN_PASSWORD, at every start-up. Idempotent
 * and safe when several instances start at once: the unique email index lets one registration
 * win, and the role and password updates are conditional, so they apply (and are logged) once.
 * The configured password is only a first password: one the administrator set later is kept.
 */
export async function bootstrapAdmin(services: BootstrapServices): Promise<void> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = services.env;
  if (!ADMIN_EMAIL || !ADMIN_PASSWORD) return;
  const { accounts, log } = services;
  const { db } = services.database;
  const address = { kind: 'email', email: ADMIN_EMAIL.toLowerCase() } as const;

  let user = await accounts.findByAddress(address);
  if (!user) {
    try {
      user = await accounts.register({ email: address.email, source: 'email', type: 2 });
    } catch (err) {
      // Another instance registered it a moment earlier.
      user = await accounts.findByAddress(address);
      if (!user) throw err;
    }
  }
  if (!user.passwordHash) {
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(ADMIN_PASSWORD), updatedAt: sql`now()` })
      .where(and(eq(users.uid, user.uid), isNull(users.passwordHash)));
  }
  await services.admin.setRole(null, user.uid, { role: 'admin', granted: true, reason: 'ADMIN_EMAIL' });
  log.info({ uid: user.uid }, 'administrator from ADMIN_EMAIL is ready');
}
