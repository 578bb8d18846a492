import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { requirePageRole } from '../../../platform/roles';
import { adminMeta } from '../../features/admin/meta';
import { ADMIN_SECTIONS } from '../../features/admin/sections';
import type { Route } from './+types/home';

export function loader({ context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  return { title: context.services.i18n.t(context.locale, 'admin:title') };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

/** The console's start: one card per section. */
export default function AdminHome() {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('title')}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('intro')}</p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.key}>
            <Link
              to={section.path}
              className="flex h-full flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm hover:ring-2 hover:ring-brand dark:bg-zinc-900"
            >
              <span className="flex items-center gap-2 font-semibold">
                {section.icon}
                {t(`sections.${section.key}.title`)}
              </span>
              <span className="text-sm text-zinc-600 dark:text-zinc-400">
                {t(`sections.${section.key}.description`)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
