import { NavLink, Outlet } from 'react-router';
import { requirePageRole } from '../../../platform/roles';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { ADMIN_SECTIONS } from '../../features/admin/sections';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/layout';

/** The admin console's frame: administrators only; every page under it checks again in its own loader. */
export function loader({ context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  return { resources: context.services.i18n.resources(context.locale, ['admin']) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <div className="flex flex-col gap-4 md:flex-row md:items-start">
        <SectionNav />
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </RouteTranslations>
  );
}

function SectionNav() {
  const { t } = useTranslation('admin');
  return (
    <aside className="md:sticky md:top-18 md:w-52 md:shrink-0">
      <p className="mb-2 px-1 text-sm font-semibold text-zinc-600 dark:text-zinc-400">{t('title')}</p>
      <nav aria-label={t('sectionsLabel')}>
        <ul className="flex gap-1 overflow-x-auto md:flex-col">
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.key} className="shrink-0">
              <NavLink
                to={section.path}
                className="flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-medium text-zinc-700 hover:bg-zinc-200 aria-[current=page]:bg-brand aria-[current=page]:text-white md:rounded-xl dark:text-zinc-300 dark:hover:bg-zinc-800"
              >
                {section.icon}
                {t(`sections.${section.key}.title`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
