import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import type { Page } from '../../../lib/paging';
import type { ApplicationForReview } from '../../../modules/live/live.contract';
import { requirePageRole } from '../../../platform/roles';
import {
  Card,
  DateTime,
  ErrorState,
  LinkTabs,
  Pager,
  pageInQuery,
  Skeleton,
  smallButtonClass,
} from '../../components/ui';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { adminMeta } from '../../features/admin/meta';
import { useLiveCall } from '../../features/live/use-live-call';
import { RouteTranslations } from '../../i18n/route-translations';
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
      <ReviewQueue />
    </RouteTranslations>
  );
}

function ReviewQueue() {
  const { t } = useTranslation('live');
  const [search] = useSearchParams();
  const location = useLocation();
  const state = STATES.find((s) => s === search.get('state')) ?? 'review';
  const page = Math.max(1, Number(search.get('page')) || 1);
  const queue = useLiveCall<Page<ApplicationForReview>>('/admin/anchor/applications', {
    state,
    pageIndex: page,
  });
  const pages = queue.data ? Math.max(1, Math.ceil(queue.data.total / PAGE_SIZE)) : 1;
  return (
    <Card dense title={t('review.title')}>
      <LinkTabs
        label={t('review.title')}
        size="small"
        items={STATES.map((s) => ({
          key: s,
          label: t(`certification.${s}`),
          to: `?state=${s}`,
          active: s === state,
        }))}
      />
      <div className="mt-3">
        {queue.failed ? (
          <ErrorState onRetry={queue.reload} />
        ) : !queue.data ? (
          <Skeleton className="h-32 w-full" />
        ) : queue.data.list.length === 0 ? (
          <p className="text-sm text-zinc-500">{t('review.empty')}</p>
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {queue.data.list.map((application) => (
              <ReviewItem key={application.userId} application={application} onDone={queue.reload} />
            ))}
          </ul>
        )}
      </div>
      {pages > 1 && <Pager page={page} pages={pages} hrefOf={pageInQuery(location.search)} dense />}
    </Card>
  );
}

function ReviewItem({ application, onDone }: { application: ApplicationForReview; onDone: () => void }) {
  const { t } = useTranslation('live');
  const api = useApi();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  async function act(action: 'approve' | 'reject' | 'ban' | 'unban') {
    setBusy(true);
    try {
      await api.post('/admin/anchor/review', { userId: application.userId, action, reason });
      onDone();
    } catch {
      // The API client has shown the failure.
    } finally {
      setBusy(false);
    }
  }
  const { state } = application;
  return (
    <li data-user={application.userId} className="flex flex-col gap-2 py-3">
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
      <div className="flex flex-wrap items-center gap-2">
        {state === 'review' && (
          <button
            type="button"
            disabled={busy}
            onClick={() => act('approve')}
            className={smallButtonClass.primary}
          >
            {t('review.approve')}
          </button>
        )}
        {state !== 'banned' && (
          <input
            aria-label={t('review.reason')}
            placeholder={t('review.reason')}
            value={reason}
            maxLength={300}
            onChange={(event) => setReason(event.target.value)}
            className="min-w-0 flex-1 rounded-full border border-zinc-300 bg-white px-3 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-950"
          />
        )}
        {state === 'review' && (
          <button
            type="button"
            disabled={busy || !reason.trim()}
            onClick={() => act('reject')}
            className={smallButtonClass.danger}
          >
            {t('review.reject')}
          </button>
        )}
        {state === 'approved' && (
          <button
            type="button"
            disabled={busy || !reason.trim()}
            onClick={() => act('ban')}
            className={smallButtonClass.danger}
          >
            {t('review.ban')}
          </button>
        )}
        {state === 'banned' && (
          <button
            type="button"
            disabled={busy}
            onClick={() => act('unban')}
            className={smallButtonClass.secondary}
          >
            {t('review.unban')}
          </button>
        )}
      </div>
    </li>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
