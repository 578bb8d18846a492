import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { LEVEL_TIERS_RMB } from '../../../modules/wallet/wallet.contract';
import { isSvip, isVip } from '../../../platform/roles';
import { buttonClass, Card, EmptyState } from '../../components/ui';
import { userMeta } from '../../features/users/meta';
import { ownerOf, pageTitle } from '../../features/users/owner.server';
import { UserPageHeader } from '../../features/users/sub-page';
import { walletFacts } from '../../features/wallet/facts.server';
import { VipDialog } from '../../features/wallet/vip-dialog';
import { WalletSummary } from '../../features/wallet/wallet-summary';
import { useTranslation } from '../../i18n/translations';
import { useMoney } from '../../lib/use-money';
import type { Route } from './+types/vip';

/** /userInfo/vip: membership with its expiry and history, and the level by recharge. */
export async function loader({ context }: Route.LoaderArgs) {
  const uid = ownerOf(context);
  const { memberships } = context.services.wallet;
  const [facts, history] = await Promise.all([
    walletFacts(context, uid),
    memberships.records(uid, { pageIndex: 1, pageSize: 20 }),
  ]);
  return {
    title: pageTitle(context, context.services.i18n.t(context.locale, 'wallet:vip.title')),
    facts,
    history: history.list,
  };
}

export const meta: Route.MetaFunction = (args) => userMeta(args);

export default function UserVip({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  const revalidator = useRevalidator();
  const [buying, setBuying] = useState(false);
  const { facts, history } = loaderData;
  const tier = isSvip(facts) ? 'svip' : isVip(facts) ? 'vip' : undefined;
  const until = tier === 'svip' ? facts.svipExpiresAt : facts.vipExpiresAt;
  return (
    <div className="flex flex-col gap-4">
      <UserPageHeader title={t('vip.title')} />
      <WalletSummary key={JSON.stringify(facts)} facts={facts}>
        <button type="button" className={buttonClass.primary} onClick={() => setBuying(true)}>
          {t('vip.buy')}
        </button>
      </WalletSummary>
      <Card title={t('vip.title')} id="vip-title">
        <p data-testid="membership-state">
          {tier && until
            ? t('vip.activeUntil', { tier: t(`vip.tier.${tier}`), date: money.date(until) })
            : t('vip.notMember')}
        </p>
        <h3 className="mt-4 mb-2 font-semibold">{t('vip.history')}</h3>
        {history.length === 0 ? (
          <EmptyState title={t('vip.noHistory')} />
        ) : (
          <ul className="divide-y divide-zinc-100 text-sm dark:divide-zinc-800">
            {history.map((row) => (
              <li key={row.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span className="font-medium">
                  {t(`vip.tier.${row.tier}`)} · {t(`vip.months${row.months as 0 | 1 | 3 | 6 | 12}`)}
                </span>
                <span>{t('vip.price', { coins: money.count(row.coins) })}</span>
                <span className="text-zinc-500 dark:text-zinc-400">
                  {t('vip.newExpiry', { date: money.date(row.expiresAt) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('level.title')} id="level-title">
        <ol className="grid grid-cols-1 gap-2 sm:grid-cols-5">
          {LEVEL_TIERS_RMB.map((rmb, index) => {
            const level = index + 1;
            return (
              <li
                key={rmb}
                aria-current={facts.level === level ? 'step' : undefined}
                className={`rounded-xl border px-3 py-2 text-sm aria-[current=step]:border-brand aria-[current=step]:bg-brand/10 ${facts.level >= level ? 'border-sky-300 dark:border-sky-800' : 'border-zinc-200 text-zinc-500 dark:border-zinc-800'}`}
              >
                <span className="block font-semibold">{t('level.badge', { level })}</span>
                <span className="block text-xs">{t('level.from', { amount: money.cny(rmb * 100) })}</span>
              </li>
            );
          })}
        </ol>
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">{t('level.rule')}</p>
      </Card>
      <VipDialog open={buying} onClose={() => setBuying(false)} onBought={() => revalidator.revalidate()} />
    </div>
  );
}
