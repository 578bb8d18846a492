import { useLocation, useSearchParams } from 'react-router';
import type { Page } from '../../../lib/paging';
import { type LiveRecord, RECORD_PAGE_SIZE } from '../../../modules/live/live.contract';
import {
  DateTime,
  EmptyState,
  ErrorState,
  Pager,
  pageInQuery,
  ScrollBox,
  Skeleton,
} from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { clockOf } from './replays';
import { useLiveCall } from './use-live-call';

/** Broadcasts with start, end, length and peak viewers: an anchor's past broadcasts, or the caller's own. */
export function LiveRecords({ anchorId }: { anchorId?: number }) {
  const { t } = useTranslation('live');
  const [search] = useSearchParams();
  const location = useLocation();
  const page = Math.max(1, Number(search.get('page')) || 1);
  const records = useLiveCall<Page<LiveRecord>>('/liveRecord', { anchorId, pageIndex: page });
  if (records.failed) return <ErrorState onRetry={records.reload} />;
  if (!records.data) return <Skeleton className="h-40 w-full rounded-xl" />;
  if (records.data.list.length === 0) return <EmptyState title={t('records.empty')} />;
  const pages = Math.max(1, Math.ceil(records.data.total / RECORD_PAGE_SIZE));
  return (
    <>
      <ScrollBox label={t('records.past')}>
        <table className="w-full min-w-[36rem] text-sm">
          <thead className="text-start text-zinc-500 dark:text-zinc-400">
            <tr>
              <th className="py-2 pe-3 text-start font-medium">{t('records.title')}</th>
              <th className="py-2 pe-3 text-start font-medium">{t('records.started')}</th>
              <th className="py-2 pe-3 text-start font-medium">{t('records.duration')}</th>
              <th className="py-2 pe-3 text-end font-medium">{t('records.peak')}</th>
              <th className="py-2 text-start font-medium">{t('records.ended')}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {records.data.list.map((record) => (
              <tr key={record.id}>
                <td className="max-w-48 truncate py-2 pe-3">{record.title}</td>
                <td className="py-2 pe-3 whitespace-nowrap">
                  <DateTime value={record.startedAt} />
                </td>
                <td className="py-2 pe-3 tabular-nums">{clockOf(record.durationSeconds)}</td>
                <td className="py-2 pe-3 text-end tabular-nums">{record.peakViewers}</td>
                <td className="py-2 whitespace-nowrap">
                  {record.endedBy ? t(`records.endedBy.${record.endedBy}`) : t('room.live')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      {pages > 1 && <Pager page={page} pages={pages} hrefOf={pageInQuery(location.search)} dense />}
    </>
  );
}
