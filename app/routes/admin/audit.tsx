import { Form, Link, useLocation, useNavigation } from 'react-router';
import { requirePageRole } from '../../../platform/roles';
import {
  Card,
  DateTime,
  inputClass,
  labelClass,
  Pager,
  pageInQuery,
  smallButtonClass,
} from '../../components/ui';
import { ActionName } from '../../features/admin/action-name';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { ListTable, td } from '../../features/admin/list-table';
import { adminMeta } from '../../features/admin/meta';
import { pageParam } from '../../features/admin/params';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/audit';

const PAGE_SIZE = 30;

/** A uid from the form, or nothing. */
const uidParam = (value: string | null) => (value && /^\d{1,15}$/.test(value) ? Number(value) : undefined);
/** A day (YYYY-MM-DD) from the form, or nothing. */
const dayParam = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined;

/** /admin/audit: every administrator's action, searched by who did it, what, to whom and when. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  const params = new URL(request.url).searchParams;
  const filters = {
    actor: uidParam(params.get('actor')),
    uid: uidParam(params.get('uid')),
    action: params.get('action')?.slice(0, 60) || undefined,
    from: dayParam(params.get('from')),
    to: dayParam(params.get('to')),
  };
  const [result, actions] = await Promise.all([
    context.services.admin.actions({ ...filters, page: pageParam(params.get('page')), size: PAGE_SIZE }),
    context.services.admin.actionNames(),
  ]);
  const t = context.services.i18n.fixed(context.locale, 'admin');
  return { filters, result, actions, title: `${t('sections.audit.title')} – ${t('title')}` };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const { filters, result, actions } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const pages = Math.max(1, Math.ceil(result.total / result.size));
  const columns = ['time', 'action', 'by', 'target', 'reason'] as const;
  const userLink = (user: { uid: number; username: string } | null, none: string) =>
    user ? (
      <Link to={`/admin/users/${user.uid}`} className="text-brand-ink hover:underline">
        {user.username}
      </Link>
    ) : (
      none
    );

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('sections.audit.title')}</h1>
      <Form
        method="get"
        role="search"
        aria-label={t('audit.searchLabel')}
        className="grid grid-cols-2 gap-3 rounded-2xl bg-white p-4 shadow-sm sm:grid-cols-3 lg:grid-cols-7 dark:bg-zinc-900"
        key={location.search}
      >
        <label className="flex flex-col">
          <span className={labelClass}>{t('audit.actor')}</span>
          <input name="actor" inputMode="numeric" defaultValue={filters.actor ?? ''} className={inputClass} />
        </label>
        <label className="flex flex-col">
          <span className={labelClass}>{t('audit.target')}</span>
          <input name="uid" inputMode="numeric" defaultValue={filters.uid ?? ''} className={inputClass} />
        </label>
        {/* Wide enough for the longer actions' names. */}
        <label className="col-span-2 flex flex-col sm:col-span-1 lg:col-span-2">
          <span className={labelClass}>{t('column.action')}</span>
          <select name="action" defaultValue={filters.action ?? ''} className={inputClass}>
            <option value="">{t('audit.anyAction')}</option>
            {actions.map((action) => (
              <option key={action} value={action}>
                {t(`action.${action}`, { defaultValue: action, role: '…' })}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col">
          <span className={labelClass}>{t('audit.from')}</span>
          <input type="date" name="from" defaultValue={filters.from ?? ''} className={inputClass} />
        </label>
        <label className="flex flex-col">
          <span className={labelClass}>{t('audit.to')}</span>
          <input type="date" name="to" defaultValue={filters.to ?? ''} className={inputClass} />
        </label>
        <div className="col-span-2 flex items-end sm:col-span-1">
          <button type="submit" className={`${smallButtonClass.primary} w-full`}>
            {t('users.search')}
          </button>
        </div>
      </Form>

      <Card dense title={t('audit.results', { count: result.total })}>
        {result.rows.length === 0 && !loading ? (
          <p className="py-4 text-sm text-zinc-500">{t('audit.empty')}</p>
        ) : (
          <ListTable label={t('sections.audit.title')} columns={columns} loading={loading}>
            {result.rows.map((row) => (
              <tr key={row.id}>
                <td className={`${td} whitespace-nowrap`}>
                  <DateTime value={row.createdAt} />
                </td>
                <td className={td}>
                  <ActionName action={row.action} details={row.details} />
                </td>
                <td className={td}>{userLink(row.actor, t('history.system'))}</td>
                <td className={td}>{userLink(row.target, '—')}</td>
                <td className={`${td} break-words`}>{row.reason ?? '—'}</td>
              </tr>
            ))}
          </ListTable>
        )}
        <Pager
          page={result.page}
          pages={pages}
          hasNext={result.page < pages}
          hrefOf={pageInQuery(location.search)}
          dense
        />
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
