import type { ReactNode } from 'react';
import { Form, isRouteErrorResponse, NavLink, useRouteError, useSearchParams } from 'react-router';
import { CHANNEL_RANGES, type ExportView } from '../../../modules/channels/channels-constants.contract';
import { ErrorPage } from '../../components/error-page';
import {
  buttonClass,
  Card,
  cardClass,
  EmptyState,
  inputClass,
  LinkTabs,
  Pager,
  pageInQuery,
  ScrollBox,
  smallButtonClass,
} from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useLocale } from '../../lib/use-locale';
import { useSessionState } from '../../state/session-state';
import { markLoginFromChannel } from './login-from-channel';

const VIEWS = [
  { key: 'overview', path: '/channel' },
  { key: 'statistical', path: '/channel/statistical' },
  { key: 'user', path: '/channel/user' },
  { key: 'gold', path: '/channel/gold' },
  { key: 'water', path: '/channel/water' },
] as const;

/** The promoter's views (spec point 6); the range and channel chosen stay when switching. */
export function ChannelNav() {
  const { t } = useTranslation('channels');
  const [params] = useSearchParams();
  params.delete('page');
  const query = params.size > 0 ? `?${params}` : '';
  return (
    <nav aria-label={t('nav.title')} className="min-w-0 md:w-52 md:shrink-0">
      <ul className="flex gap-1 overflow-x-auto [scrollbar-width:none] md:flex-col md:rounded-2xl md:bg-white md:p-2 md:shadow-sm md:dark:bg-zinc-900">
        {VIEWS.map((view) => (
          <li key={view.key} className="shrink-0">
            <NavLink
              to={`${view.path}${query}`}
              end
              className="block whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium text-zinc-600 hover:bg-zinc-100 aria-[current=page]:bg-brand aria-[current=page]:text-white md:rounded-xl md:py-2 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              {t(`nav.${view.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A view's heading with its filters: 7, 14 or 30 days, one channel or all (only when there is a
 * choice), and the CSV export of what is shown.
 */
export function ViewHeader({
  title,
  days,
  channelId,
  channels,
  exportView,
}: {
  title: string;
  days: number;
  channelId?: string;
  channels: { id: string; name: string }[];
  exportView?: ExportView;
}) {
  const { t } = useTranslation('channels');
  const locale = useLocale();
  const [params] = useSearchParams();
  const withParam = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(name, value);
    next.delete('page');
    return `?${next}`;
  };
  const exportQuery = new URLSearchParams({ days: String(days), locale });
  if (channelId) exportQuery.set('channelId', channelId);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold sm:text-2xl">{title}</h1>
        <LinkTabs
          label={t('range')}
          size="small"
          items={CHANNEL_RANGES.map((range) => ({
            key: String(range),
            label: t('days', { count: range }),
            to: withParam('days', String(range)),
            active: days === range,
          }))}
        />
      </div>
      {(channels.length > 1 || exportView) && (
        <div className="flex flex-wrap items-end justify-between gap-2">
          {channels.length > 1 ? (
            <Form method="get" className="flex items-end gap-2">
              <input type="hidden" name="days" value={days} />
              <label className="flex flex-col gap-1 text-sm">
                <span className="font-medium">{t('channel')}</span>
                <select name="channelId" defaultValue={channelId ?? ''} className={inputClass}>
                  <option value="">{t('allChannels')}</option>
                  {channels.map((channel) => (
                    <option key={channel.id} value={channel.id}>
                      {channel.name}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className={smallButtonClass.secondary}>
                {t('show')}
              </button>
            </Form>
          ) : (
            <span />
          )}
          {exportView && (
            <a
              href={`/channel/export/${exportView}.csv?${exportQuery}`}
              download
              className={smallButtonClass.secondary}
            >
              {t('exportCsv')}
            </a>
          )}
        </div>
      )}
    </div>
  );
}

/** A table that scrolls sideways on a phone, with its header row. */
export function DataTable({
  label,
  head,
  children,
  testId,
}: {
  label: string;
  head: { label: string; end?: boolean }[];
  children: ReactNode;
  testId?: string;
}) {
  return (
    <ScrollBox label={label}>
      <table aria-label={label} data-testid={testId} className="w-full min-w-[36rem] text-sm tabular-nums">
        <thead className="text-xs text-zinc-500 dark:text-zinc-400">
          <tr>
            {head.map((cell) => (
              <th
                key={cell.label}
                scope="col"
                className={`py-1.5 font-medium ${cell.end ? 'text-end' : 'text-start'}`}
              >
                {cell.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">{children}</tbody>
      </table>
    </ScrollBox>
  );
}

/** Figures in a row of tiles. */
export function Tiles({ tiles }: { tiles: { key: string; label: string; value: string }[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="channel-tiles">
      {tiles.map((tile) => (
        <div key={tile.key} className={cardClass}>
          <dt className="text-sm text-zinc-600 dark:text-zinc-400">{tile.label}</dt>
          <dd className="mt-1 text-xl font-bold tabular-nums">{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Instead of a promoter's page: a guest is asked to log in (and after that login /channel opens
 * in a new tab), anyone else gets the no-permission page.
 */
export function ChannelErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const [, update] = useSessionState();
  if (isRouteErrorResponse(error) && error.status === 401)
    return (
      <section className={`${cardClass} mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center`}>
        <h1 className="text-lg font-semibold first-letter:uppercase">{t('messages:pleaseLogIn')}</h1>
        <button
          type="button"
          className={buttonClass.primary}
          onClick={() => {
            markLoginFromChannel();
            update({ showModel: true, modelState: 1 });
          }}
        >
          {t('nav.login')}
        </button>
      </section>
    );
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}

/** A paged list view of the promoter (users, gold, water): filters, tiles, the table or 'no data', the pager. */
export function ListView({
  view,
  days,
  channelId,
  channels,
  tiles,
  testId,
  head,
  page,
  children,
}: {
  view: 'user' | 'gold' | 'water';
  days: number;
  channelId?: string;
  channels: { id: string; name: string }[];
  tiles?: { key: string; label: string; value: string }[];
  testId: string;
  head: { label: string; end?: boolean }[];
  page: { list: unknown[]; pageIndex: number; pageSize: number; total: number };
  children: ReactNode;
}) {
  const { t } = useTranslation('channels');
  const [params] = useSearchParams();
  const title = t(`nav.${view}`);
  return (
    <>
      <ViewHeader title={title} days={days} channelId={channelId} channels={channels} exportView={view} />
      {tiles && <Tiles tiles={tiles} />}
      <Card>
        {page.list.length === 0 ? (
          <EmptyState title={t('messages:noData')} />
        ) : (
          <DataTable label={title} testId={testId} head={head}>
            {children}
          </DataTable>
        )}
        <Pager
          page={page.pageIndex}
          pages={Math.ceil(page.total / page.pageSize)}
          hrefOf={pageInQuery(params.toString())}
        />
      </Card>
    </>
  );
}
