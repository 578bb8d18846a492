import { useEffect, useState } from 'react';
import { Card, EmptyState, smallButtonClass } from '../../components/ui';
import { DataTable, ViewHeader } from '../../features/channels/frame';
import { channelTitle, promoterPage } from '../../features/channels/loaders.server';
import { useTranslation } from '../../i18n/translations';
import { useMoney } from '../../lib/use-money';
import type { Route } from './+types/overview';
import { useOwnChannels } from './layout';

/** /channel: each of the promoter's channels with the numbers of spec point 3 and its link. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, days, channels } = promoterPage(request, context);
  return {
    title: channelTitle(context, 'nav.overview'),
    days,
    list: await channels.list(user, days),
    origin: context.services.env.PUBLIC_URL ?? new URL(request.url).origin,
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.title },
  { name: 'robots', content: 'noindex' },
];

export default function ChannelOverview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('channels');
  const money = useMoney();
  const { list, days, origin } = loaderData;
  return (
    <>
      <ViewHeader title={t('nav.overview')} days={days} channels={useOwnChannels()} />
      <Card>
        {list.length === 0 ? (
          <EmptyState title={t('noChannels')} />
        ) : (
          <DataTable
            label={t('nav.overview')}
            testId="channel-list"
            head={[
              { label: t('channel') },
              { label: t('visits'), end: true },
              { label: t('registeredVisits'), end: true },
              { label: t('registrations'), end: true },
              { label: t('downloads'), end: true },
              { label: t('rechargeRmb'), end: true },
              { label: t('link') },
            ]}
          >
            {list.map((channel) => (
              <tr key={channel.id}>
                <th scope="row" className="py-2 text-start font-medium">
                  {channel.name}
                </th>
                <td className="py-2 text-end">{money.count(channel.visits)}</td>
                <td className="py-2 text-end">{money.count(channel.registeredVisits)}</td>
                <td className="py-2 text-end">{money.count(channel.registrations)}</td>
                <td className="py-2 text-end">{money.count(channel.downloads)}</td>
                <td className="py-2 text-end">{money.cny(channel.rechargeFen)}</td>
                <td className="py-2 ps-3">
                  <CopyLink link={`${origin}${channel.link}`} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>
    </>
  );
}

/** The channel link as text to select, and a button that copies it. */
function CopyLink({ link }: { link: string }) {
  const { t } = useTranslation('channels');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className="flex items-center gap-2">
      <code
        className="max-w-56 truncate rounded bg-zinc-100 px-1.5 py-0.5 text-xs dark:bg-zinc-800"
        dir="ltr"
      >
        {link}
      </code>
      <button
        type="button"
        className={smallButtonClass.secondary}
        onClick={() => void navigator.clipboard?.writeText(link).then(() => setCopied(true))}
      >
        {copied ? t('messages:copied') : t('copy')}
      </button>
    </div>
  );
}
