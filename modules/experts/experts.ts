import type { Database } from '../../db/client';
import type { FileStorage } from '../../platform/file-storage';
import type { RateLimiter } from '../../platform/rate-limit';
import type { Settings } from '../system';
import type { Wallet } from '../wallet';
import { createApplications } from './applications.service';
import { verifyChain } from './chain';
import { createPlans } from './plans.service';
import { createPurchases } from './purchases.service';
import { expertSettings } from './settings';
import { createSettlement } from './settlement.service';
import { createStats } from './stats.service';

export interface ExpertsDeps {
  database: Database;
  wallet: Wallet;
  settings: Settings;
  storage: FileStorage;
  limiter: RateLimiter;
}

/** Expert tips: applications, plans, purchases in escrow, settlement, the chain and the records. */
export function createExperts(deps: ExpertsDeps, now: () => Date = () => new Date()) {
  const { db } = deps.database;
  const settings = expertSettings(deps.settings, db);
  const applications = createApplications(db);
  const plans = createPlans({
    db,
    applications,
    settings,
    storage: deps.storage,
    limiter: deps.limiter,
    now,
  });
  return {
    settings,
    applications,
    plans,
    purchases: createPurchases({ db, wallet: deps.wallet, plans }),
    settlement: createSettlement({ db, wallet: deps.wallet, settings, now }),
    stats: createStats({ db, now }),
    verifyChain: (expertId: number) => verifyChain(db, expertId),
  };
}

export type Experts = ReturnType<typeof createExperts>;
