import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useRevalidator } from 'react-router';
import {
  type ReportAction,
  type ReportedItem,
  readReportReason,
} from '../../../modules/content/content.contract';
import { requirePageRole } from '../../../platform/roles';
import { Card, DateTime, Pager, pageInQuery, smallButtonClass } from '../../components/ui';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { adminMeta } from '../../features/admin/meta';
import { pageParam } from '../../features/content/loaders.server';
import { RouteTranslations } from '../../i18n/route-translations';
import { useApi } from '../../lib/api';
import type { Route } from './+types/reports';

const PAGE_SIZE = 20;

/** /admin/reports: what users reported, each thing once; an administrator removes it or dismisses the reports. */
export async function loader({ request, context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  const { services, locale } = context;
  const queue = await services.content.reports.queue({ pageIndex: pageParam(request), pageSize: PAGE_SIZE });
  return {
    title: `${services.i18n.t(locale, 'admin:sections.reports.title')} – ${services.i18n.t(locale, 'admin:title')}`,
    resources: services.i18n.resources(locale, ['content']),
    queue,
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const { queue } = loaderData;
  const location = useLocation();
  const pages = Math.ceil(queue.total / queue.pageSize);
  return (
    <RouteTranslations resources={loaderData.resources}>
      <Card dense title={t('reports.title')}>
        {queue.list.length === 0 ? (
          <p className="text-sm text-zinc-500">{t('reports.empty')}</p>
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {queue.list.map((item) => (
              <ReportedEntry key={`${item.targetType}:${item.targetId}`} item={item} />
            ))}
          </ul>
        )}
        <Pager
          page={queue.pageIndex}
          pages={pages}
          hasNext={queue.pageIndex < pages}
          hrefOf={pageInQuery(location.search)}
          dense
        />
      </Card>
    </RouteTranslations>
  );
}

function ReportedEntry({ item }: { item: ReportedItem }) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const revalidator = useRevalidator();
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (action: ReportAction) =>
      api.post('/admin/reports/resolve', {
        targetType: item.targetType,
        targetId: item.targetId,
        action,
        reason: reason.trim() || undefined,
      }),
    onSuccess: () => revalidator.revalidate(),
  });
  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center gap-2 text-xs text-zinc-500">
        <span className="rounded-full bg-zinc-100 px-2 py-0.5 font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
          {t(`reports.type.${item.targetType}`)}
        </span>
        <span>{t('reports.count', { count: item.reports })}</span>
        {item.author && <span>{t('reports.author', { name: item.author })}</span>}
      </div>
      {item.path ? (
        <Link to={item.path} className="line-clamp-3 font-medium break-words hover:text-brand-ink">
          {item.text}
        </Link>
      ) : (
        <p className="text-sm text-zinc-500 italic">{t('reports.gone')}</p>
      )}
      <ul className="flex flex-col gap-1 text-sm">
        {item.reasons.map((said) => (
          <li key={`${said.createdAt}-${said.reporter}`} className="text-zinc-700 dark:text-zinc-300">
            <q className="break-words">
              <ReasonText text={said.reason} />
            </q>{' '}
            <span className="text-xs text-zinc-500">
              {t('reports.reporter', { name: said.reporter ?? t('reports.deletedAccount') })} ·{' '}
              <DateTime value={said.createdAt} />
            </span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-2">
        <input
          aria-label={t('reason.optional')}
          placeholder={t('reason.optional')}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          className="min-w-0 flex-1 basis-48 rounded-full border border-zinc-300 bg-white px-3 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-950"
        />
        <button
          type="button"
          disabled={decide.isPending || !item.path}
          onClick={() => decide.mutate('remove')}
          className={smallButtonClass.danger}
        >
          {t('reports.remove')}
        </button>
        <button
          type="button"
          disabled={decide.isPending}
          onClick={() => decide.mutate('dismiss')}
          className={smallButtonClass.secondary}
        >
          {t('reports.dismiss')}
        </button>
      </div>
    </li>
  );
}

/** A reason the site sent as a code (and details) in the administrator's language; plain words as they are. */
function ReasonText({ text }: { text: string }) {
  const { t } = useTranslation('content');
  const { reason, details } = readReportReason(text);
  if (!reason) return details;
  const label = t(`report.reasons.${reason}`);
  return details ? `${label}: ${details}` : label;
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
