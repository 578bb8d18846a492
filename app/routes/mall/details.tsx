import { useState } from 'react';
import { data, Link } from 'react-router';
import { isAppError } from '../../../lib/errors';
import {
  MAX_QUANTITY,
  type OrderConfirmation,
  type OrderView,
  type Shipping,
} from '../../../modules/mall/mall.contract';
import { missingShippingFields } from '../../../modules/mall/shipping.contract';
import {
  buttonClass,
  Card,
  DateTime,
  Dialog,
  failureMessage,
  fieldErrors,
  inputClass,
  labelClass,
} from '../../components/ui';
import { Coins, NoPicture, ShippingFields, useGrantText } from '../../features/mall/parts';
import { withBrand } from '../../features/match-page/page.server';
import { screenMeta } from '../../features/match-page/seo';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useSignedInAction } from '../../lib/use-user';
import type { Route } from './+types/details';

/** /mall/details/{id}: the product intro and the order confirmation. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, locale } = context;
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  const goods = await services.mall.goods.details(id).catch((err) => {
    if (isAppError(err) && err.key === 'notFound') throw data(null, { status: 404 });
    throw err;
  });
  return {
    resources: services.i18n.resources(locale, ['mall', 'wallet']),
    title: withBrand(context, goods.name),
    description: goods.name,
    goods,
  };
}

export const meta: Route.MetaFunction = (args) => screenMeta(args);

export default function GoodsPage({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <Product goods={loaderData.goods} />
    </RouteTranslations>
  );
}

function Product({ goods }: { goods: Route.ComponentProps['loaderData']['goods'] }) {
  const { t } = useTranslation('mall');
  const grantText = useGrantText();
  const [picture, setPicture] = useState(goods.images[0] ?? null);
  return (
    <div className="flex flex-col gap-4">
      <nav className="text-sm text-zinc-500">
        <Link to="/mall" className="hover:underline">
          {t('title')}
        </Link>{' '}
        / {t(`category.${goods.category}`)}
      </nav>
      <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex flex-col gap-2">
          <div className="aspect-square overflow-hidden rounded-2xl bg-zinc-100 dark:bg-zinc-800">
            {picture ? (
              <img src={picture} alt={goods.name} className="h-full w-full object-cover" />
            ) : (
              <NoPicture />
            )}
          </div>
          {goods.images.length > 1 && (
            <div className="flex gap-2">
              {goods.images.map((src) => (
                <button key={src} type="button" onClick={() => setPicture(src)} aria-label={t('picture')}>
                  <img src={src} alt="" width={56} height={56} className="rounded-lg" />
                </button>
              ))}
            </div>
          )}
        </div>
        <Card>
          <h1 className="text-xl font-bold">{goods.name}</h1>
          <p className="mt-2 text-2xl font-bold text-brand-ink">
            <Coins value={goods.priceCoins} />
          </p>
          {grantText(goods.category, goods.grant) && (
            <p className="mt-1 text-sm font-medium">{grantText(goods.category, goods.grant)}</p>
          )}
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
            <dt className="text-zinc-500">{t('stock')}</dt>
            <dd className="tabular-nums sm:col-span-2" data-testid="stock">
              {goods.inventory}
            </dd>
            <dd className="col-span-2 text-zinc-500 sm:col-span-3">
              {t('exchanged', { count: goods.exchangeCount })}
            </dd>
            {goods.limitPerUser && (
              <>
                <dt className="text-zinc-500">{t('limit')}</dt>
                <dd className="sm:col-span-2">{t('limitValue', { count: goods.limitPerUser })}</dd>
              </>
            )}
            {goods.endsAt && (
              <>
                <dt className="text-zinc-500">{t('endsAt')}</dt>
                <dd className="sm:col-span-2">
                  <DateTime value={goods.endsAt} />
                </dd>
              </>
            )}
          </dl>
          <ExchangeForm goods={goods} />
        </Card>
      </div>
      <Card title={t('intro')} id="intro">
        <div
          className="leading-relaxed [&_a]:text-brand-ink [&_a]:underline [&_img]:my-3 [&_img]:rounded-xl [&_li]:ms-5 [&_ol]:list-decimal [&_p]:my-2 [&_ul]:list-disc"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the description was sanitised before it was stored
          dangerouslySetInnerHTML={{ __html: goods.description }}
        />
      </Card>
    </div>
  );
}

/** Quantity, the delivery fields for physical goods and a remark; then the confirmation dialog. */
function ExchangeForm({ goods }: { goods: Route.ComponentProps['loaderData']['goods'] }) {
  const { t } = useTranslation('mall');
  const api = useApi();
  const signedIn = useSignedInAction();
  const [quantity, setQuantity] = useState(1);
  const [shipping, setShipping] = useState<Shipping>({});
  // Once the exchange was asked for, the empty delivery fields say what they need.
  const [asked, setAsked] = useState(false);
  const [remark, setRemark] = useState('');
  const [confirmation, setConfirmation] = useState<OrderConfirmation | null>(null);
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<{ order: OrderView; balance: number } | null>(null);
  const physical = goods.category === 'physical';
  const missing = physical ? missingShippingFields(shipping) : [];
  const max = Math.max(1, Math.min(MAX_QUANTITY, goods.inventory, goods.limitPerUser ?? MAX_QUANTITY));

  async function confirm() {
    setError(null);
    setDone(null);
    try {
      setConfirmation(
        await api.post<OrderConfirmation>('/orderpay/goodsOrder', { goodsId: goods.id, quantity }),
      );
      // One key per confirmation: pressing again or a retry never charges twice.
      setKey(crypto.randomUUID());
    } catch (err) {
      setError(err);
    }
  }

  async function exchange() {
    if (!confirmation) return;
    setBusy(true);
    try {
      const order = await api.post<OrderView>(
        '/orderpay/payGoodsOrder',
        {
          goodsId: goods.id,
          quantity,
          remark: remark || undefined,
          idempotencyKey: key,
          ...(physical ? shipping : {}),
        },
        { quiet: true },
      );
      setDone({ order, balance: confirmation.balanceAfter });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
      setConfirmation(null);
    }
  }

  if (!goods.available) return <p className="mt-4 font-medium text-zinc-500">{t('soldOut')}</p>;
  return (
    <form
      className="mt-4 flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setAsked(true);
        // The confirmation comes once the delivery details are all there.
        if (missing.length === 0) signedIn(confirm);
      }}
    >
      <label className="max-w-40">
        <span className={labelClass}>{t('quantity')}</span>
        <input
          type="number"
          name="quantity"
          min={1}
          max={max}
          value={quantity}
          onChange={(event) => setQuantity(Math.max(1, Math.min(max, Number(event.target.value) || 1)))}
          className={inputClass}
        />
      </label>
      {physical && <ShippingFields value={shipping} onChange={setShipping} missing={asked ? missing : []} />}
      <label>
        <span className={labelClass}>{t('remark')}</span>
        <input
          name="remark"
          value={remark}
          maxLength={200}
          onChange={(event) => setRemark(event.target.value)}
          className={inputClass}
          placeholder={t('remarkHint')}
        />
      </label>
      <button type="submit" className={`${buttonClass.primary} self-start`}>
        {t('exchangeNow')}
      </button>
      {error ? (
        <div
          role="alert"
          className="rounded-xl bg-red-50 p-3 text-sm text-red-700 dark:bg-red-950 dark:text-red-300"
        >
          <strong className="block">{t('failed')}</strong>
          {Object.keys(fieldErrors(error)).length > 0
            ? t('messages:mallRecipientRequired')
            : failureMessage(error, t('failed'))}
        </div>
      ) : null}
      {done && (
        <div
          role="status"
          className="rounded-xl bg-emerald-50 p-3 text-sm text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200"
        >
          <strong className="block">{t('success')}</strong>
          {t('newBalance')} <Coins value={done.balance} /> ·{' '}
          <Link to="/userInfo/myOrder" className="font-medium underline">
            {t('orders.title')}
          </Link>
        </div>
      )}
      <Dialog open={confirmation !== null} onClose={() => setConfirmation(null)} title={t('confirm.title')}>
        {confirmation && (
          <div className="flex flex-col gap-3 text-sm">
            <p>{t('confirm.text', { name: goods.name, count: confirmation.quantity })}</p>
            <dl className="grid grid-cols-2 gap-1">
              <dt>{t('confirm.price')}</dt>
              <dd className="text-end font-semibold">
                <Coins value={confirmation.coins} />
              </dd>
              <dt>{t('confirm.balance')}</dt>
              <dd className="text-end">
                <Coins value={confirmation.balance} />
              </dd>
              <dt>{t('confirm.after')}</dt>
              <dd className="text-end">
                <Coins value={confirmation.balanceAfter} />
              </dd>
            </dl>
            {confirmation.balanceAfter < 0 ? (
              <p className="text-red-600">
                {t('confirm.short')}{' '}
                <Link to="/userInfo/water" className="underline">
                  {t('confirm.recharge')}
                </Link>
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <button type="button" className={buttonClass.secondary} onClick={() => setConfirmation(null)}>
                {t('confirm.cancel')}
              </button>
              <button
                type="button"
                className={buttonClass.primary}
                disabled={busy || confirmation.balanceAfter < 0}
                onClick={exchange}
              >
                {busy ? t('confirm.working') : t('confirm.ok')}
              </button>
            </div>
          </div>
        )}
      </Dialog>
    </form>
  );
}
