import { Link } from 'react-router';
import { Card, DateTime, ScrollBox } from '../../components/ui';
import { expertsText, idParam, pageTitle } from '../../features/experts/loaders.server';
import { expertsMeta } from '../../features/experts/meta';
import { useMarketLabel } from '../../features/experts/prediction';
import { expertQueries } from '../../features/experts/queries.server';
import { useTranslation } from '../../i18n/translations';
import type { Route } from './+types/verify';

/** /expert/{id}/verify: anyone re-checks every commitment of the expert's chain, oldest first. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const expertId = idParam(params.id);
  const queries = expertQueries(context);
  const [profile, chain] = await Promise.all([queries.profile(expertId), queries.verify(expertId)]);
  return {
    title: pageTitle(context, `${expertsText(context, 'verify.title')} · ${profile.expert.displayName}`),
    description: expertsText(context, 'verify.intro'),
    expert: profile.expert,
    chain,
  };
}

export const meta: Route.MetaFunction = (args) => expertsMeta(args);

export default function VerifyChain({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('experts');
  const marketLabel = useMarketLabel();
  const { expert, chain } = loaderData;
  const broken = chain.entries.find((entry) => entry.seq === chain.brokenAt);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <Card>
        <h1 className="text-xl font-bold sm:text-2xl">{t('verify.title')}</h1>
        <p className="mt-1">
          <Link to={`/expert/${expert.uid}`} className="font-medium text-brand-ink hover:underline">
            {expert.displayName}
          </Link>
        </p>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('verify.intro')}</p>
        <p
          role="status"
          data-testid="chain-result"
          className={`mt-3 rounded-xl px-3 py-2 font-medium ${chain.valid ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-900/30 dark:text-emerald-300' : 'bg-red-50 text-red-800 dark:bg-red-900/30 dark:text-red-300'}`}
        >
          {chain.valid
            ? t('verify.valid', { count: chain.length })
            : t('verify.broken', { id: broken?.planId ?? chain.brokenAt })}
        </p>
      </Card>
      <Card dense>
        <ScrollBox label={t('verify.title')}>
          <table className="w-full min-w-[40rem] text-sm">
            <thead className="text-xs text-zinc-500">
              <tr>
                <th scope="col" className="py-1 text-start font-medium">
                  #
                </th>
                <th scope="col" className="py-1 text-start font-medium">
                  {t('verify.plan')}
                </th>
                <th scope="col" className="py-1 text-start font-medium">
                  {t('plan.market')}
                </th>
                <th scope="col" className="py-1 text-start font-medium">
                  {t('plan.committedAt')}
                </th>
                <th scope="col" className="py-1 text-start font-medium">
                  {t('verify.hash')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {chain.entries.map((entry) => (
                <tr key={entry.seq} className={entry.ok ? '' : 'bg-red-50 dark:bg-red-900/20'}>
                  <td className="py-1.5 tabular-nums">
                    {entry.seq}
                    {!entry.ok && <span className="ms-1 text-red-600">✕</span>}
                  </td>
                  <td className="py-1.5">
                    <Link to={`/expert/plan/${entry.planId}`} className="text-brand-ink hover:underline">
                      {entry.planId}
                    </Link>
                  </td>
                  <td className="py-1.5">
                    {marketLabel(entry.market, entry.line)} · {t(`pick.${entry.pick}`)}
                  </td>
                  <td className="py-1.5 whitespace-nowrap">
                    <DateTime value={entry.committedAt} />
                  </td>
                  <td className="max-w-48 truncate py-1.5 font-mono text-xs" title={entry.hash}>
                    {entry.hash}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      </Card>
    </div>
  );
}
