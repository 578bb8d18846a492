import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import {
  EXPERT_PATHS,
  type GoldCheck,
  type PlanDetail,
  type PlanPurchaseResult,
} from '../../../modules/experts/experts.contract';
import { buttonClass, Dialog, FormStatus, failureMessage } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useSignedInAction } from '../../lib/use-user';
import { RechargeDialog } from '../wallet';

/**
 * Buying a paid plan: the confirmation names the plan, its price, the balance and what is left
 * after; too few coins offers the recharge dialog; the result says the new balance and the page
 * reloads its data, which now holds the content.
 */
export function BuyPlan({ plan, diamondsPerRmb }: { plan: PlanDetail; diamondsPerRmb: number }) {
  const { t } = useTranslation('experts');
  const api = useApi();
  const revalidator = useRevalidator();
  const signedIn = useSignedInAction();
  const [check, setCheck] = useState<GoldCheck | null>(null);
  const [recharging, setRecharging] = useState(false);
  const open = useMutation({
    mutationFn: () => api.get<GoldCheck>(EXPERT_PATHS.checkGold, { query: { planId: plan.id } }),
    onSuccess: setCheck,
  });
  const buy = useMutation({
    mutationFn: () => api.post<PlanPurchaseResult>(EXPERT_PATHS.buy, { planId: plan.id }, { quiet: true }),
  });
  const close = () => {
    setCheck(null);
    if (buy.isSuccess) revalidator.revalidate();
    buy.reset();
  };
  return (
    <>
      <button
        type="button"
        className={buttonClass.primary}
        disabled={open.isPending}
        onClick={() => signedIn(() => open.mutate())}
      >
        {t('plan.buy', { amount: plan.price })}
      </button>
      <Dialog open={check !== null} onClose={close} title={t('buy.title')}>
        {check && (
          <div className="flex flex-col gap-3">
            <p className="font-medium">{t('buy.what', { title: plan.title })}</p>
            <dl className="flex flex-col gap-1 text-sm tabular-nums" data-testid="buy-summary">
              <dd>{t('buy.price', { amount: check.price })}</dd>
              <dd>{t('buy.balance', { amount: buy.data?.balance ?? check.balance })}</dd>
              {check.enough && !buy.isSuccess && (
                <dd>{t('buy.after', { amount: check.balance - check.price })}</dd>
              )}
            </dl>
            <FormStatus
              ok={buy.data ? t('buy.done', { amount: buy.data.balance }) : null}
              error={check.enough ? failureMessage(buy.error, t('messages:requestFailed')) : t('buy.short')}
            />
            <div className="flex justify-end gap-2">
              <button type="button" className={buttonClass.secondary} onClick={close}>
                {buy.isSuccess ? t('wallet:recharge.close') : t('buy.cancel')}
              </button>
              {!buy.isSuccess &&
                (check.enough ? (
                  <button
                    type="button"
                    className={buttonClass.primary}
                    disabled={buy.isPending}
                    onClick={() => buy.mutate()}
                  >
                    {buy.isPending ? t('buy.paying') : t('buy.confirm')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className={buttonClass.primary}
                    onClick={() => {
                      setCheck(null);
                      setRecharging(true);
                    }}
                  >
                    {t('buy.recharge')}
                  </button>
                ))}
            </div>
          </div>
        )}
      </Dialog>
      <RechargeDialog
        open={recharging}
        onClose={() => setRecharging(false)}
        diamondsPerRmb={diamondsPerRmb}
      />
    </>
  );
}
