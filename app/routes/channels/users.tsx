import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Card, DateTime, EmptyState, Pager, pageInQuery } from '../../components/ui';
import { DataTable, ViewHeader } from '../../features/channels/frame';
import { channelTitle, orNotFound, promoterPage } from '../../features/channels/loaders.server';
import { useMoney } from '../../features/wallet/format';
import type { Route } from './+types/users';
import { useOwnChannels } from './layout';

const PAGE_SIZE = 20;

/** /channel/user: the accounts registered through the promoter's channels in the range. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, days, channelId, pageIndex, channels } = promoterPage(request, context);
  return {
    title: channelTitle(context, 'nav.user'),
    days,
    channelId,
    rows: await orNotFound(channels.users(user, { days, channelId, pageIndex, pageSize: PAGE_SIZE })),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export default function ChannelUsers({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('channels');
  const money = useMoney();
  const [params] = useSearchParams();
  const { rows, days, channelId } = loaderData;
  return (
    <>
      <ViewHeader
        title={t('nav.user')}
        days={days}
        channelId={channelId}
        channels={useOwnChannels()}
        exportView="user"
      />
      <Card>
        {rows.list.length === 0 ? (
          <EmptyState title={t('messages:noData')} />
        ) : (
          <DataTable
            label={t('nav.user')}
            testId="channel-users"
            head={[
              { label: t('uid') },
              { label: t('username') },
              { label: t('channel') },
              { label: t('registeredAt') },
              { label: t('rechargeRmb'), end: true },
            ]}
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
