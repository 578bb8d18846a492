import { DateTime } from '../../components/ui';
import { ListView } from '../../features/channels/frame';
import { listPage } from '../../features/channels/loaders.server';
import { useTranslation } from '../../i18n/translations';
import { useMoney } from '../../lib/use-money';
import type { Route } from './+types/users';
import { useOwnChannels } from './layout';

/** /channel/user: the accounts registered through the promoter's channels in the range. */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  listPage(request, context, 'user', (channels, user, query) => channels.users(user, query));

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export default function ChannelUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('channels');
  const money = useMoney();
  const { rows, days, channelId } = loaderData;
  return (
    <ListView
      view="user"
      days={days}
      channelId={channelId}
      channels={useOwnChannels()}
      testId="channel-users"
      head={[
        { label: t('uid') },
        { label: t('username') },
        { label: t('channel') },
        { label: t('registeredAt') },
        { label: t('rechargeRmb'), end: true },
      ]}
      page={rows}
    >
      {rows.list.map((row) => (
        <tr key={row.uid}>
          <td className="py-1.5">{row.uid}</td>
          <td className="py-1.5 font-medium">{row.username}</td>
          <td className="py-1.5">{row.channelId}</td>
          <td className="whitespace-nowrap py-1.5">
            <DateTime value={row.registeredAt} />
          </td>
          <td className="py-1.5 text-end">{money.cny(row.rechargeFen)}</td>
        </tr>
      ))}
    </ListView>
  );
}
