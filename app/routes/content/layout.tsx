import { Outlet } from 'react-router';
import { RouteTranslations } from '../../i18n/route-translations';
import type { Route } from './+types/layout';

/** News, videos and the creator centre: the "content" translations for every page under it. */
export function loader({ context }: Route.LoaderArgs) {
  return { resources: context.services.i18n.resources(context.locale, ['content']) };
}

/** Only a change of language brings other translations, and that is a full page load. */
export const shouldRevalidate = () => false;

export default function ContentLayout({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <Outlet />
    </RouteTranslations>
  );
}
