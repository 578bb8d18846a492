import path from 'node:path';
import type { Env } from '../../platform/env';
import { localDiskStorage } from '../../platform/file-storage';
import type { Services } from '../../server/services';
import { createAvatars } from './avatar.service';
import { createClosure } from './closure.service';
import { createDataStatus } from './data-status.service';
import { createFeedback } from './feedback.service';
import { createFollows } from './follows.service';
import { createProfiles } from './profile.service';

export const uploadsDir = (env: Env) => path.resolve(env.DATA_DIR, 'uploads');

function createUserCentre(services: Services) {
  const { db } = services.database;
  const follows = createFollows(db);
  const avatars = createAvatars({
    db,
    storage: localDiskStorage(uploadsDir(services.env)),
    log: services.log,
  });
  return {
    follows,
    avatars,
    profiles: createProfiles({ db, codes: services.codes, follows }),
    dataStatus: createDataStatus(db),
    feedback: createFeedback({ db, limiter: services.limiter }),
    closure: createClosure({ db, wallet: services.wallet, avatars }),
  };
}

export type UserCentre = ReturnType<typeof createUserCentre>;

const built = new WeakMap<Services, UserCentre>();

/**
 * The user centre's services, built once from the shared ones: routes get them from
 * `app.services`, page loaders from `context.services`.
 */
export function userCentre(services: Services): UserCentre {
  let centre = built.get(services);
  if (!centre) {
    centre = createUserCentre(services);
    built.set(services, centre);
  }
  return centre;
}
