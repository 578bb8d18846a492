import { data, Form } from 'react-router';
import { buttonClass } from '../../components/ui';
import { withBrand } from '../../features/match-page/page.server';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import { useMoney } from '../../lib/use-money';
import type { Route } from './+types/pay-sandbox';

/**
 * The sandbox provider's own checkout page (embedded default only): a tester approves or
 * declines, and the sandbox sends our callback a signed notification, as a real provider would.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!context.services.devAdapters) throw data(null, { status: 404 });
  const order = await context.services.wallet.payments.byNumber(params.orderNo);
  if (!order) throw data(null, { status: 404 });
  return {
    title: withBrand(context, context.services.i18n.t(context.locale, 'wallet:sandbox.title')),
    order,
    resources: context.services.i18n.resources(context.locale, ['wallet']),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  if (!context.services.devAdapters) throw data(null, { status: 404 });
  const decision: 'paid' | 'declined' =
    (await request.formData()).get('decision') === 'paid' ? 'paid' : 'declined';
  try {
    await context.services.wallet.decideInSandbox(params.orderNo, decision);
    return { done: decision };
  } catch {
    return { done: 'refused' as const };
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  { name: 'robots', content: 'noindex' },
];

export default function PaySandbox({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <Checkout order={loaderData.order} done={actionData?.done} />
    </RouteTranslations>
  );
}

function Checkout({
  order,
  done,
}: {
  order: Route.ComponentProps['loaderData']['order'];
  done?: 'paid' | 'declined' | 'refused';
}) {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  const price =
    order.currency === 'CNY'
      ? money.cny(order.amount)
      : order.currency === 'USD'
        ? money.usd(order.amount)
        : `${(order.amount / 1_000_000).toFixed(6)} USDT`;
  const open = order.status === 'created' && !done;
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-4 rounded-2xl bg-white p-6 shadow-sm dark:bg-zinc-900">
      <h1 className="text-xl font-bold">{t('sandbox.title')}</h1>
      <p className="rounded-xl bg-amber-100 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
        {t('sandbox.note')}
      </p>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="text-zinc-500">{t('sandbox.order')}</dt>
        <dd className="font-mono break-all">{order.orderNo}</dd>
        <dt className="text-zinc-500">{t('recharge.method')}</dt>
        <dd>{t(`recharge.methods.${order.method}`)}</dd>
        <dt className="text-zinc-500">{t('sandbox.amount')}</dt>
        <dd className="text-lg font-semibold">{price}</dd>
      </dl>
      {open ? (
        <Form method="post" className="grid grid-cols-2 gap-2">
          <button type="submit" name="decision" value="declined" className={buttonClass.secondary}>
            {t('sandbox.decline')}
          </button>
          <button type="submit" name="decision" value="paid" className={buttonClass.primary}>
            {t('sandbox.approve')}
          </button>
        </Form>
      ) : (
        <p role="status" className="font-medium">
          {done === 'paid'
            ? t('sandbox.approved')
            : done === 'declined'
              ? t('sandbox.declined')
              : t('sandbox.closed')}
        </p>
      )}
    </section>
  );
}
