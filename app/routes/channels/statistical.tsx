import { useMemo } from 'react';
import { SeriesChart } from '../../components/series-chart';
import { Card } from '../../components/ui';
import { DataTable, Tiles, ViewHeader } from '../../features/channels/frame';
import { channelTitle, orNotFound, promoterPage } from '../../features/channels/loaders.server';
import { useTranslation } from '../../i18n/translations';
import { useMoney } from '../../lib/use-money';
import type { Route } from './+types/statistical';
import { useOwnChannels } from './layout';

/** /channel/statistical: the numbers day by day over 7, 14 or 30 days, drawn and tabled. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, days, channelId, channels } = promoterPage(request, context);
  return {
    title: channelTitle(context, 'nav.statistical'),
    channelId,
    stats: await orNotFound(channels.statistics(user, { days, channelId })),
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export default function ChannelStatistics({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('channels');
  const money = useMoney();
  const { stats, channelId } = loaderData;
  const labels = useMemo(() => stats.series.map((point) => point.day.slice(5)), [stats]);
  const traffic = useMemo(
    () => [
      { label: t('visits'), values: stats.series.map((point) => point.visits) },
      {
        label: t('registrations'),
        values: stats.series.map((point) => point.registrations),
        color: '#16a34a',
      },
      { label: t('downloads'), values: stats.series.map((point) => point.downloads), color: '#d97706' },
    ],
    [stats, t],
  );
  const recharges = useMemo(
    () => [{ label: t('rechargeRmb'), values: stats.series.map((point) => point.rechargeFen / 100) }],
    [stats, t],
  );
  const { totals } = stats;
  return (
    <>
      <ViewHeader
        title={t('nav.statistical')}
        days={stats.days}
        channelId={channelId}
        channels={useOwnChannels()}
        exportView="statistical"
      />
      <Tiles
        tiles={[
          { key: 'visits', label: t('visits'), value: money.count(totals.visits) },
          {
            key: 'registeredVisits',
            label: t('registeredVisits'),
            value: money.count(totals.registeredVisits),
          },
          { key: 'registrations', label: t('registrations'), value: money.count(totals.registrations) },
          { key: 'downloads', label: t('downloads'), value: money.count(totals.downloads) },
          { key: 'recharges', label: t('recharges'), value: money.count(totals.recharges) },
          { key: 'rechargeFen', label: t('rechargeRmb'), value: money.cny(totals.rechargeFen) },
        ]}
      />
      <Card title={t('trafficChart')} id="traffic-chart" className="min-w-0">
        <SeriesChart title={t('trafficChart')} labels={labels} series={traffic} />
      </Card>
      <Card title={t('rechargeChart')} id="recharge-chart" className="min-w-0">
        <SeriesChart title={t('rechargeChart')} labels={labels} series={recharges} bars height={180} />
      </Card>
      <Card>
        <DataTable
          label={t('nav.statistical')}
          testId="channel-days"
          head={[
            { label: t('day') },
            { label: t('visits'), end: true },
            { label: t('registeredVisits'), end: true },
            { label: t('registrations'), end: true },
            { label: t('downloads'), end: true },
            { label: t('recharges'), end: true },
            { label: t('rechargeRmb'), end: true },
          ]}
        >
          {[...stats.series].reverse().map((point) => (
            <tr key={point.day}>
              <th scope="row" className="py-1.5 text-start font-normal">
                {point.day}
              </th>
              <td className="py-1.5 text-end">{money.count(point.visits)}</td>
              <td className="py-1.5 text-end">{money.count(point.registeredVisits)}</td>
              <td className="py-1.5 text-end">{money.count(point.registrations)}</td>
              <td className="py-1.5 text-end">{money.count(point.downloads)}</td>
              <td className="py-1.5 text-end">{money.count(point.recharges)}</td>
              <td className="py-1.5 text-end">{money.cny(point.rechargeFen)}</td>
            </tr>
          ))}
        </DataTable>
      </Card>
    </>
  );
}
