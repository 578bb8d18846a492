import { Outlet } from 'react-router';
import { CREATOR_ROLES } from '../../../modules/content/content.contract';
import { hasRole } from '../../../platform/roles';
import { CreatorNav } from '../../features/experts/creator-nav';
import { expertsResources } from '../../features/experts/loaders.server';
import { ownerOf } from '../../features/users/owner.server';
import { RouteTranslations } from '../../i18n/route-translations';
import type { Route } from './+types/layout';

/**
 * /creatorCenter and its views: the "experts" and "content" translations, and the navigation. A
 * guest is asked to log in; an account without the expert role sees only the application.
 */
export function loader({ context }: Route.LoaderArgs) {
  ownerOf(context);
  return {
    resources: expertsResources(context, 'content', 'channels'),
    isExpert: hasRole(context.user, ...CREATOR_ROLES),
    isPromoter: hasRole(context.user, 'promoter'),
  };
}

export default function CreatorLayout({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 md:flex-row md:items-start">
        <CreatorNav isExpert={loaderData.isExpert} isPromoter={loaderData.isPromoter} />
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <Outlet />
        </div>
      </div>
    </RouteTranslations>
  );
}

export { CreatorErrorBoundary as ErrorBoundary } from '../../features/experts/creator-error';
