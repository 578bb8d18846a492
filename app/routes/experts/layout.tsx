import { Outlet } from 'react-router';
import { expertsResources } from '../../features/experts/loaders.server';
import { RouteTranslations } from '../../i18n/route-translations';
import type { Route } from './+types/layout';

/** /expert and everything under it: the "experts" translations, "wallet" for buying and "user" for following. */
export function loader({ context }: Route.LoaderArgs) {
  return { resources: expertsResources(context, 'wallet', 'user') };
}

/** Only a change of language brings other translations, and that is a full page load. */
export const shouldRevalidate = () => false;

export default function ExpertsLayout({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
        <Outlet />
      </div>
    </RouteTranslations>
  );
}
