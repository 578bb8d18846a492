import { Link, useLocation } from 'react-router';
import {
  type ReportAction,
  type ReportedItem,
  readReportReason,
} from '../../../modules/content/content.contract';
import { requirePageRole } from '../../../platform/roles';
import { DateTime, Pager, pageInQuery } from '../../components/ui';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { adminMeta } from '../../features/admin/meta';
import { type Decision, ReviewQueue } from '../../features/admin/review-queue';
import { pageParam } from '../../features/content/loaders.server';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
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
  const api = useApi();
  const pages = Math.ceil(queue.total / queue.pageSize);

  /** Remove the thing (reason required, as for any rejection) or dismiss its reports. */
  const decisions = (item: ReportedItem): Decision[] => {
    const send = (action: ReportAction) => (reason: string) =>
      api.post('/admin/reports/resolve', {
        targetType: item.targetType,
        targetId: item.targetId,
        action,
        reason: reason || undefined,
      });
    const dismiss: Decision = {
      key: 'dismiss',
      label: t('reports.dismiss'),
      tone: 'primary',
      reasonRequired: false,
      send: send('dismiss'),
    };
    if (!item.path) return [dismiss];
    return [
      {
        key: 'remove',
        label: t('reports.remove'),
        tone: 'danger',
        reasonRequired: true,
        send: send('remove'),
      },
      dismiss,
    ];
  };

  return (
    <RouteTranslations resources={loaderData.resources}>
      <ReviewQueue
        title={t('reports.title')}
        items={queue.list}
        empty={t('reports.empty')}
        testId="report-queue"
        itemKey={(item) => `${item.targetType}:${item.targetId}`}
        subject={(item) => item.text ?? t(`reports.type.${item.targetType}`)}
        detail={(item) => <ReportedEntry item={item} />}
        decisions={decisions}
        footer={
          <Pager
            page={queue.pageIndex}
            pages={pages}
            hasNext={queue.pageIndex < pages}
            hrefOf={pageInQuery(location.search)}
            dense
          />
        }
      />
    </RouteTranslations>
  );
}

function ReportedEntry({ item }: { item: ReportedItem }) {
  const { t } = useTranslation('admin');
  return (
    <>
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
    </>
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
