import { DateTime } from '../../components/ui';
import { ListView } from '../../features/channels/frame';
import { listPage } from '../../features/channels/loaders.server';
import { useTranslation } from '../../i18n/translations';
import { useMoney } from '../../lib/use-money';
import type { Route } from './+types/water';
import { useOwnChannels } from './layout';

/** /channel/water: the coin and diamond flow of the promoter's users in the range. */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  listPage(request, context, 'water', (channels, user, query) => channels.water(user, query));

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export default function ChannelWater({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('channels');
  const money = useMoney();
  const { rows, days, channelId } = loaderData;
  return (
    <ListView
      view="water"
      days={days}
      channelId={channelId}
      channels={useOwnChannels()}
      tiles={[
        { key: 'in', label: t('coinsIn'), value: money.count(rows.coinsIn) },
        { key: 'out', label: t('coinsOut'), value: money.count(rows.coinsOut) },
      ]}
      testId="channel-water"
      head={[
        { label: t('time') },
        { label: t('username') },
        { label: t('type') },
        { label: t('amount'), end: true },
      ]}
      page={rows}
    >
      {rows.list.map((row) => (
        <tr key={row.id}>
          <td className="whitespace-nowrap py-1.5">
            <DateTime value={row.createdAt} />
          </td>
          <td className="py-1.5 font-medium">{row.username}</td>
          <td className="py-1.5">{t(`wallet:records.types.${row.type}`, { defaultValue: row.type })}</td>
          <td
            className={`py-1.5 text-end font-semibold ${row.amount < 0 ? 'text-red-700 dark:text-red-400' : 'text-emerald-700 dark:text-emerald-400'}`}
          >
            {row.amount > 0 ? '+' : ''}
            {money.count(row.amount)} {t(row.currency === 'diamond' ? 'diamonds' : 'coins')}
          </td>
        </tr>
      ))}
    </ListView>
  );
}
