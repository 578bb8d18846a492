import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../platform/file-storage';
import type { RateLimiter } from '../../platform/rate-limit';
import type { Codes, Sessions } from '../accounts';
import type { Wallet } from '../wallet';
import { createAvatars } from './avatar.service';
import { createClosure } from './closure.service';
import { createDataStatus } from './data-status.service';
import { createFeedback } from './feedback.service';
import { createFollows } from './follows.service';
import { createProfiles } from './profile.service';

/** What the user centre is built from. */
export interface UserCentreDeps {
  database: Database;
  log: Logger;
  limiter: RateLimiter;
  storage: FileStorage;
  codes: Codes;
  sessions: Sessions;
  wallet: Wallet;
}

/** The user centre's services (profile, avatar, follows, feedback, closure), built once by the composition root. */
export function createUserCentre({
  database,
  log,
  limiter,
  storage,
  codes,
  sessions,
  wallet,
}: UserCentreDeps) {
  const { db } = database;
  const follows = createFollows(db);
  const avatars = createAvatars({ db, storage, log });
  return {
    follows,
    avatars,
    profiles: createProfiles({ db, codes, sessions, follows }),
    dataStatus: createDataStatus(db),
    feedback: createFeedback({ db, limiter }),
    closure: createClosure({ db, wallet, avatars, sessions }),
  };
}

export type UserCentre = ReturnType<typeof createUserCentre>;
