import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Card, DateTime, EmptyState, Pager, pageInQuery } from '../../components/ui';
import { DataTable, Tiles, ViewHeader } from '../../features/channels/frame';
import { channelTitle, orNotFound, promoterPage } from '../../features/channels/loaders.server';
import { useMoney } from '../../features/wallet/format';
import type { Route } from './+types/water';
import { useOwnChannels } from './layout';

const PAGE_SIZE = 20;

/** /channel/water: the coin and diamond flow of the promoter's users in the range. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, days, channelId, pageIndex, channels } = promoterPage(request, context);
  return {
    title: channelTitle(context, 'nav.water'),
    days,
    channelId,
    rows: await orNotFound(channels.water(user, { days, channelId, pageIndex, pageSize: PAGE_SIZE })),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export default function ChannelWater({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('channels');
  const money = useMoney();
  const [params] = useSearchParams();
  const { rows, days, channelId } = loaderData;
  return (
    <>
      <ViewHeader
        title={t('nav.water')}
        days={days}
        channelId={channelId}
        channels={useOwnChannels()}
        exportView="water"
      />
      <Tiles
        tiles={[
          { key: 'in', label: t('coinsIn'), value: money.count(rows.coinsIn) },
          { key: 'out', label: t('coinsOut'), value: money.count(rows.coinsOut) },
        ]}
      />
      <Card>
        {rows.list.length === 0 ? (
          <EmptyState title={t('messages:noData')} />
        ) : (
          <DataTable
            label={t('nav.water')}
            testId="channel-water"
            head={[
              { label: t('time') },
              { label: t('username') },
              { label: t('type') },
              { label: t('amount'), end: true },
            ]}
          >
            {rows.list.map((row) => (
              <tr key={row.id}>
                <td className="whitespace-nowrap py-1.5">
                  <DateTime value={row.createdAt} />
                </td>
                <td className="py-1.5 font-medium">{row.username}</td>
                <td className="py-1.5">
                  {t(`wallet:records.types.${row.type}`, { defaultValue: row.type })}
                </td>
                <td
                  className={`py-1.5 text-end font-semibold ${row.amount < 0 ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}`}
                >
                  {row.amount > 0 ? '+' : ''}
                  {money.count(row.amount)} {t(row.currency === 'diamond' ? 'diamonds' : 'coins')}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        <Pager
          page={rows.pageIndex}
          pages={Math.ceil(rows.total / rows.pageSize)}
          hrefOf={pageInQuery(params.toString())}
        />
      </Card>
    </>
  );
}
