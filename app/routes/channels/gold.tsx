import { DateTime } from '../../components/ui';
import { ListView } from '../../features/channels/frame';
import { listPage } from '../../features/channels/loaders.server';
import { useTranslation } from '../../i18n/translations';
import { useMoney } from '../../lib/use-money';
import type { Route } from './+types/gold';
import { useOwnChannels } from './layout';

/** /channel/gold: the paid recharges of the promoter's users in the range, with their total. */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  listPage(request, context, 'gold', (channels, user, query) => channels.gold(user, query));

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export default function ChannelGold({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('channels');
  const money = useMoney();
  const { rows, days, channelId } = loaderData;
  return (
    <ListView
      view="gold"
      days={days}
      channelId={channelId}
      channels={useOwnChannels()}
      tiles={[
        { key: 'recharges', label: t('recharges'), value: money.count(rows.total) },
        { key: 'total', label: t('rechargeRmb'), value: money.cny(rows.totalFen) },
      ]}
      testId="channel-gold"
      head={[
        { label: t('paidAt') },
        { label: t('username') },
        { label: t('product') },
        { label: t('rechargeRmb'), end: true },
        { label: t('orderNo') },
      ]}
      page={rows}
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
    </ListView>
  );
}
