import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Card, DateTime, EmptyState, Pager, pageInQuery } from '../../components/ui';
import { DataTable, Tiles, ViewHeader } from '../../features/channels/frame';
import { channelTitle, orNotFound, promoterPage } from '../../features/channels/loaders.server';
import { useMoney } from '../../features/wallet/format';
import type { Route } from './+types/gold';
import { useOwnChannels } from './layout';

const PAGE_SIZE = 20;

/** /channel/gold: the paid recharges of the promoter's users in the range, with their total. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, days, channelId, pageIndex, channels } = promoterPage(request, context);
  return {
    title: channelTitle(context, 'nav.gold'),
    days,
    channelId,
    rows: await orNotFound(channels.gold(user, { days, channelId, pageIndex, pageSize: PAGE_SIZE })),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export default function ChannelGold({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('channels');
  const money = useMoney();
  const [params] = useSearchParams();
  const { rows, days, channelId } = loaderData;
  return (
    <>
      <ViewHeader
        title={t('nav.gold')}
        days={days}
        channelId={channelId}
        channels={useOwnChannels()}
        exportView="gold"
      />
      <Tiles
        tiles={[
          { key: 'recharges', label: t('recharges'), value: money.count(rows.total) },
          { key: 'total', label: t('rechargeRmb'), value: money.cny(rows.totalFen) },
        ]}
      />
      <Card>
        {rows.list.length === 0 ? (
          <EmptyState title={t('messages:noData')} />
        ) : (
          <DataTable
            label={t('nav.gold')}
            testId="channel-gold"
            head={[
              { label: t('paidAt') },
              { label: t('username') },
              { label: t('product') },
              { label: t('rechargeRmb'), end: true },
              { label: t('orderNo') },
            ]}
          >
            {rows.list.map((row) => (
              <tr key={row.orderNo}>
                <td className="whitespace-nowrap py-1.5">
                  <DateTime value={row.paidAt} />
                </td>
                <td className="py-1.5 font-medium">{row.username}</td>
                <td className="py-1.5">
                  {row.product === 'membership'
                    ? t('wallet:records.types.membership')
                    : `${money.count(row.product === 'diamonds' ? row.diamonds : row.coins)} ${t(row.product === 'diamonds' ? 'diamonds' : 'coins')}`}
                </td>
                <td className="py-1.5 text-end">{money.cny(row.priceFen)}</td>
                <td className="py-1.5 font-mono text-xs">{row.orderNo}</td>
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
