import { Link } from 'react-router';
import { BCP47 } from '../../../lib/locales';
import type { QueueKey } from '../../../modules/admin';
import { requirePageRole } from '../../../platform/roles';
import { Card } from '../../components/ui';
import { adminMeta } from '../../features/admin/meta';
import { ADMIN_SECTIONS } from '../../features/admin/sections';
import { useTranslation } from '../../i18n/translations';
import { useLocale } from '../../lib/use-locale';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  return {
    dashboard: await context.services.admin.dashboard(),
    title: context.services.i18n.t(context.locale, 'admin:title'),
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

/** The console's start: the day's numbers, what waits in each queue, then every section. */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const { dashboard } = loaderData;
  const numbers = new Intl.NumberFormat(BCP47[locale]);
  const money = new Intl.NumberFormat(BCP47[locale], { style: 'currency', currency: 'CNY' });
  const stats: [key: string, value: string, note?: string][] = [
    [
      'users',
      numbers.format(dashboard.users.total),
      t('dashboard.newToday', { count: dashboard.users.newToday }),
    ],
    [
      'rechargesToday',
      money.format(dashboard.recharges.today.fen / 100),
      t('dashboard.orders', { count: dashboard.recharges.today.orders }),
    ],
    [
      'rechargesWeek',
      money.format(dashboard.recharges.week.fen / 100),
      t('dashboard.orders', { count: dashboard.recharges.week.orders }),
    ],
    ['liveRooms', numbers.format(dashboard.liveRooms)],
  ];
  const sections = new Map(ADMIN_SECTIONS.map((section) => [section.key, section]));
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('title')}</h1>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="dashboard-stats">
        {stats.map(([key, value, note]) => (
          <li key={key} className="flex flex-col gap-1 rounded-2xl bg-white p-4 shadow-sm dark:bg-zinc-900">
            <span className="text-sm text-zinc-600 dark:text-zinc-400">{t(`dashboard.${key}`)}</span>
            <span className="text-2xl font-bold tabular-nums">{value}</span>
            {note && <span className="text-xs text-zinc-600 dark:text-zinc-400">{note}</span>}
          </li>
        ))}
      </ul>
      <Card dense title={t('dashboard.queues')}>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="dashboard-queues">
          {/* Each queue leads to the section of the same key. */}
          {(Object.entries(dashboard.queues) as [QueueKey, number][]).map(([queue, waiting]) => {
            const section = sections.get(queue);
            if (!section) return null;
            return (
              <li key={queue}>
                <Link
                  to={section.path}
                  className="flex items-center gap-2 rounded-xl border border-zinc-200 px-3 py-2 text-sm hover:border-brand dark:border-zinc-800"
                >
                  {section.icon}
                  <span className="font-medium">{t(`sections.${section.key}.title`)}</span>
                  <span
                    className={`ms-auto rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ${
                      waiting > 0
                        ? 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200'
                        : 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300'
                    }`}
                  >
                    {t('dashboard.waiting', { count: waiting })}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </Card>
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
