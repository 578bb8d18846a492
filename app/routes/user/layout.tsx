import {
  isRouteErrorResponse,
  Outlet,
  useLocation,
  useNavigation,
  useParams,
  useRevalidator,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { ErrorPage } from '../../components/error-page';
import { ErrorState } from '../../components/ui';
import { GuestPrompt } from '../../features/users/guest-prompt';
import { userMeta } from '../../features/users/meta';
import { pageTitle, userText } from '../../features/users/owner.server';
import { UserPageSkeleton } from '../../features/users/sub-page';
import { UserTabs } from '../../features/users/user-nav';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/layout';

/** /userInfo and its sub-views: the "user" translations for every page under it. */
export function loader({ context }: Route.LoaderArgs) {
  const { services, locale } = context;
  return {
    resources: services.i18n.resources(locale, ['user', 'wallet']),
    title: pageTitle(context, userText(context, 'title')),
  };
}

export const meta: Route.MetaFunction = (args) => userMeta(args);

/** Only a change of language brings other translations, and that is a full page load. */
export const shouldRevalidate = () => false;

export default function UserLayout({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <UserFrame />
    </RouteTranslations>
  );
}

function UserFrame() {
  const { id } = useParams();
  const location = useLocation();
  const navigation = useNavigation();
  // Between two views of the user centre, the skeleton stands in until the next one has its data.
  const next = navigation.location;
  const switching =
    navigation.state === 'loading' &&
    next?.pathname.startsWith('/userInfo') &&
    next.pathname + next.search !== location.pathname + location.search;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      {id === undefined && <UserTabs />}
      {switching ? <UserPageSkeleton /> : <Outlet />}
    </div>
  );
}

/** A guest on an own page is invited to log in; other failures keep the page frame. */
export function ErrorBoundary() {
  const layout = useRouteLoaderData<typeof loader>('routes/user-layout');
  return (
    <RouteTranslations resources={layout?.resources ?? {}}>
      <UserError />
    </RouteTranslations>
  );
}

function UserError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const { t } = useTranslation('user');
  if (isRouteErrorResponse(error) && error.status === 401)
    return (
      <div className="py-6">
        <GuestPrompt />
      </div>
    );
  if (isRouteErrorResponse(error) && error.status === 404) return <ErrorPage status={404} />;
  return (
    <div className="mx-auto max-w-4xl rounded-2xl bg-white p-4 shadow-sm dark:bg-zinc-900">
      <h1 className="sr-only">{t('title')}</h1>
      <ErrorState onRetry={() => revalidator.revalidate()} />
    </div>
  );
}
