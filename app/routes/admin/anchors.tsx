import { useLocation, useSearchParams } from 'react-router';
import type { Page } from '../../../lib/paging';
import type { ApplicationForReview, ReviewAction } from '../../../modules/live/live.contract';
import { requirePageRole } from '../../../platform/roles';
import { DateTime, Pager, pageInQuery } from '../../components/ui';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { adminMeta } from '../../features/admin/meta';
import { type Decision, ReviewQueue, useApproveOrReject } from '../../features/admin/review-queue';
import { useLiveCall } from '../../features/live/use-live-call';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import type { Route } from './+types/anchors';

const STATES = ['review', 'approved', 'rejected', 'banned'] as const;
const PAGE_SIZE = 20;

/** /admin/anchors: anchor applications: approve, reject with a reason, ban and unban (each audited). */
export function loader({ context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  const t = context.services.i18n.fixed(context.locale, 'admin');
  return {
    resources: context.services.i18n.resources(context.locale, ['live']),
    title: `${t('sections.anchors.title')} – ${t('title')}`,
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminAnchors({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <Queue />
    </RouteTranslations>
  );
}

function Queue() {
  const { t } = useTranslation('live');
  const [search] = useSearchParams();
  const location = useLocation();
  const api = useApi();
  const approveOrReject = useApproveOrReject();
  const state = STATES.find((s) => s === search.get('state')) ?? 'review';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const queue = useLiveCall<Page<ApplicationForReview>>('/admin/anchor/applications', {
    state,
    pageIndex: page,
  });
  const pages = queue.data ? Math.max(1, Math.ceil(queue.data.total / PAGE_SIZE)) : 1;
  const decisions = (application: ApplicationForReview): Decision[] => {
    const send = (action: ReviewAction) => (reason: string) =>
      api.post('/admin/anchor/review', { userId: application.userId, action, reason });
    if (application.state === 'review')
      return approveOrReject((approve, reason) => send(approve ? 'approve' : 'reject')(reason));
    if (application.state === 'approved')
      return [
        { key: 'ban', label: t('review.ban'), tone: 'danger', reasonRequired: true, send: send('ban') },
      ];
    if (application.state === 'banned')
      return [
        {
          key: 'unban',
          label: t('review.unban'),
          tone: 'primary',
          reasonRequired: false,
          send: send('unban'),
        },
      ];
    return [];
  };
  return (
    <ReviewQueue
      title={t('review.title')}
      filters={STATES.map((s) => ({
        key: s,
        label: t(`certification.${s}`),
        to: `?state=${s}`,
        active: s === state,
      }))}
      items={queue.data?.list}
      failed={!!queue.failed}
      onRetry={queue.reload}
      onDecided={queue.reload}
      empty={t('review.empty')}
      testId="anchor-queue"
      itemKey={(application) => application.userId}
      subject={(application) => application.name}
      detail={(application) => <Application application={application} />}
      decisions={decisions}
      footer={pages > 1 && <Pager page={page} pages={pages} hrefOf={pageInQuery(location.search)} dense />}
    />
  );
}

function Application({ application }: { application: ApplicationForReview }) {
  const { t } = useTranslation('live');
  return (
    <>
      <p className="font-medium">
        {application.name} <span className="text-sm font-normal text-zinc-500">@{application.username}</span>
      </p>
      <dl className="grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[9rem_1fr]">
        <dt className="text-zinc-500">{t('apply.idNumber')}</dt>
        <dd className="font-mono">{application.idNumber}</dd>
        <dt className="text-zinc-500">{t('apply.birthDate')}</dt>
        <dd>{application.birthDate}</dd>
        <dt className="text-zinc-500">{t('apply.phone')}</dt>
        <dd>{application.phone}</dd>
        <dt className="text-zinc-500">{t('apply.introduction')}</dt>
        <dd>{application.introduction}</dd>
        <dt className="text-zinc-500">{t('apply.content')}</dt>
        <dd>{application.content}</dd>
        <dt className="text-zinc-500">{t('review.appliedAt')}</dt>
        <dd>
          <DateTime value={application.appliedAt} />
        </dd>
        {(application.rejectReason || application.banReason) && (
          <>
            <dt className="text-zinc-500">{t('review.reason')}</dt>
            <dd>{application.banReason ?? application.rejectReason}</dd>
          </>
        )}
      </dl>
      <ul className="grid max-w-lg grid-cols-3 gap-2">
        {(['front', 'back', 'holding'] as const).map((side) => (
          <li key={side}>
            <a href={application.photos[side]} target="_blank" rel="noreferrer">
              <img
                src={application.photos[side]}
                alt={t(`apply.photos.${side}`)}
                className="aspect-video w-full rounded-lg object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
