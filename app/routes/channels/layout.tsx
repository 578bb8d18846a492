import { Outlet, useRouteLoaderData } from 'react-router';
import { requirePageRole } from '../../../platform/roles';
import { ChannelErrorBoundary, ChannelNav } from '../../features/channels/frame';
import { RouteTranslations } from '../../i18n/route-translations';
import type { Route } from './+types/layout';

/** /channel and its views: promoters only (spec point 6), with the "channels" and "wallet" texts. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requirePageRole(context, 'promoter');
  const own = await context.services.channels.list(user, 7);
  return {
    resources: context.services.i18n.resources(context.locale, ['channels', 'wallet']),
    channels: own.map(({ id, name }) => ({ id, name })),
  };
}

/** The promoter's channels, for the views' channel choice. */
export function useOwnChannels(): { id: string; name: string }[] {
  return useRouteLoaderData<typeof loader>('routes/channel-layout')?.channels ?? [];
}

export default function ChannelLayout({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 md:flex-row md:items-start">
        <ChannelNav />
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <Outlet />
        </div>
      </div>
    </RouteTranslations>
  );
}

export { ChannelErrorBoundary as ErrorBoundary };
