import { Form, Link, useLocation, useNavigation } from 'react-router';
import { requirePageRole } from '../../../platform/roles';
import { Card, DateTime, Pager, pageInQuery, smallButtonClass } from '../../components/ui';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { ListTable, RoleChips, StatusBadge, td } from '../../features/admin/list-table';
import { adminMeta } from '../../features/admin/meta';
import { pageParam } from '../../features/admin/params';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/users';

const PAGE_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  const params = new URL(request.url).searchParams;
  const query = (params.get('q') ?? '').trim().slice(0, 100);
  const result = await context.services.admin.searchUsers({
    query,
    page: pageParam(params.get('page')),
    size: PAGE_SIZE,
  });
  const t = context.services.i18n.fixed(context.locale, 'admin');
  return { query, result, title: `${t('sections.users.title')} – ${t('title')}` };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const { query, result } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const pages = Math.max(1, Math.ceil(result.total / result.size));
  const columns = ['uid', 'username', 'email', 'phone', 'roles', 'status', 'registered'] as const;

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('users.title')}</h1>
      <Form method="get" role="search" className="flex gap-2">
        <label htmlFor="admin-user-search" className="sr-only">
          {t('users.searchLabel')}
        </label>
        <input
          id="admin-user-search"
          type="search"
          name="q"
          defaultValue={query}
          key={query}
          maxLength={100}
          placeholder={t('users.searchPlaceholder')}
          className="min-w-0 flex-1 rounded-full border border-zinc-300 bg-white px-4 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        />
        <button type="submit" className={`${smallButtonClass.primary} shrink-0`}>
          {t('users.search')}
        </button>
      </Form>

      <Card dense title={t('users.results', { count: result.total })}>
        {result.rows.length === 0 && !loading ? (
          <div className="flex flex-col items-start gap-2 py-6 text-sm">
            <p>{query ? t('users.empty', { query }) : t('users.emptyAll')}</p>
            {query && (
              <Link to="/admin/users" className="text-brand-ink hover:underline">
                {t('users.showAll')}
              </Link>
            )}
          </div>
        ) : (
          <ListTable label={t('users.title')} columns={columns} loading={loading}>
            {result.rows.map((user) => (
              <tr key={user.uid} className="hover:bg-zinc-50 dark:hover:bg-zinc-800/40">
                <td className={td}>{user.uid}</td>
                <td className={td}>
                  <Link
                    to={`/admin/users/${user.uid}`}
                    className="font-medium text-brand-ink hover:underline"
                  >
                    {user.username}
                  </Link>
                </td>
                <td className={td}>{user.email ?? '—'}</td>
                <td className={`${td} whitespace-nowrap`}>
                  {user.phone ? `${user.areaCode ?? ''} ${user.phone}` : '—'}
                </td>
                <td className={td}>
                  <RoleChips roles={user.roles} />
                </td>
                <td className={td}>
                  <StatusBadge bannedAt={user.bannedAt} closedAt={user.closedAt} />
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <DateTime value={user.createdAt} />
                </td>
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
