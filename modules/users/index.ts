import { defineModule } from '../../platform/module';
import { createUserCentre, type UserCentreDeps } from './user-centre';
import { usersRoutes } from './users.routes';

export type { UserCentre } from './user-centre';

/** The user centre: profile, avatar, preferences, follows and fans, feedback, closing an account. */
export const usersModule = defineModule({
  name: 'users',
  services: (deps: UserCentreDeps) => ({ users: createUserCentre(deps) }),
  routes: [usersRoutes],
});
