import { Outlet, useLocation } from 'react-router';
import { buttonClass, EmptyState, LinkTabs } from '../../components/ui';
import { liveMeta } from '../../features/live/meta';
import { liveTitle } from '../../features/live/page.server';
import { useTranslation } from '../../i18n/translations';
import { useSignedInAction, useUser } from '../../lib/use-user';
import type { Route } from './+types/center-layout';

/** The anchor centre's views, in tab order. */
const VIEWS = [
  { key: 'application', path: '/anchorCenter' },
  { key: 'live', path: '/anchorCenter/live' },
  { key: 'links', path: '/anchorCenter/liveLinkDetails' },
  { key: 'reservations', path: '/anchorCenter/reservations' },
  { key: 'records', path: '/anchorCenter/records' },
  { key: 'moderators', path: '/anchorCenter/moderators' },
  { key: 'revenue', path: '/anchorCenter/revenueDetails' },
] as const;

export function loader({ context }: Route.LoaderArgs) {
  return { title: liveTitle(context, 'center.title') };
}

export const meta: Route.MetaFunction = (args) => liveMeta(args, false);

/** /anchorCenter and its views: signed-in users only (a guest is asked to sign in). */
export default function AnchorCenter() {
  const { t } = useTranslation('live');
  const user = useUser();
  const signIn = useSignedInAction();
  const { pathname } = useLocation();
  const here = pathname.replace(/\/$/, '');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t('center.title')}</h1>
      {user ? (
        <>
          <LinkTabs
            label={t('center.title')}
            items={VIEWS.map((view) => ({
              key: view.key,
              label: t(`center.tabs.${view.key}`),
              to: view.path,
              active: here === view.path,
            }))}
          />
          <Outlet />
        </>
      ) : (
        <EmptyState
          title={t('center.signIn')}
          action={
            <button type="button" className={buttonClass.primary} onClick={() => signIn(() => {})}>
              {t('access.signIn')}
            </button>
          }
        />
      )}
    </div>
  );
}
