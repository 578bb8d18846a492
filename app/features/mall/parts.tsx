import { Link } from 'react-router';
import type { GoodsSummary, OrderStatus, Shipping } from '../../../modules/mall/mall.contract';
import type { ShippingField } from '../../../modules/mall/shipping.contract';
import { Icon } from '../../components/icon';
import { cardClass, inputClass, labelClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useMoney } from '../../lib/use-money';

/** A price or an amount in coins, always with its currency. */
export function Coins({ value }: { value: number }) {
  const { t } = useTranslation('mall');
  const money = useMoney();
  return <span className="tabular-nums">{t('coins', { count: value, value: money.count(value) })}</span>;
}

/** What a product or prize gives, in words: a price's goods, VIP days, diamonds or coins. */
export function useGrantText() {
  const { t } = useTranslation('mall');
  return (category: string, grant: number) =>
    category === 'vip_days'
      ? t('grant.vipDays', { count: grant })
      : category === 'diamonds'
        ? t('grant.diamonds', { count: grant })
        : category === 'coins'
          ? t('grant.coins', { count: grant })
          : '';
}

export function GoodsCard({ goods }: { goods: GoodsSummary }) {
  const { t } = useTranslation('mall');
  return (
    <Link
      to={`/mall/details/${goods.id}`}
      className={`${cardClass} flex flex-col gap-2 !p-3 transition hover:shadow-md`}
      data-testid="goods-card"
    >
      <div className="aspect-square overflow-hidden rounded-xl bg-zinc-100 dark:bg-zinc-800">
        {goods.image && (
          <img src={goods.image} alt="" className="h-full w-full object-cover" loading="lazy" />
        )}
      </div>
      <span className="text-xs text-zinc-500">{t(`category.${goods.category}`)}</span>
      <span className="line-clamp-2 min-h-10 font-medium">{goods.name}</span>
      <span className="flex items-baseline justify-between gap-2 text-sm">
        <strong className="text-brand-ink">
          <Coins value={goods.priceCoins} />
        </strong>
        <span className="text-xs text-zinc-500">{t('exchanged', { count: goods.exchangeCount })}</span>
      </span>
    </Link>
  );
}

const STATUS_COLOURS: Record<OrderStatus, string> = {
  review: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  exchanging: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-200',
  redeemed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-200',
  cancelled: 'bg-zinc-200 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  charged_back: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-200',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('mall');
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_COLOURS[status]}`}
      data-status={status}
    >
      {t(`status.${status}`)}
    </span>
  );
}

/** A product without a picture: a gift on a neutral tile. */
export function NoPicture() {
  return (
    <span className="flex h-full w-full items-center justify-center text-zinc-300 dark:text-zinc-600">
      <Icon size={64}>
        <path d="M3 9h18v4H3zM5 13v8h14v-8M12 9v12M12 9c-2-4-6-4-6-1.5S9 9 12 9zm0 0c2-4 6-4 6-1.5S15 9 12 9z" />
      </Icon>
    </span>
  );
}

/** Recipient, address and contact (spec point 5); a field left empty says what it needs. */
export function ShippingFields({
  value,
  onChange,
  missing,
}: {
  value: Shipping;
  onChange: (next: Shipping) => void;
  missing: readonly ShippingField[];
}) {
  const { t } = useTranslation('mall');
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold">{t('shipping.title')}</legend>
      {(['recipient', 'contact', 'address'] as const).map((field) => (
        <label key={field} className={field === 'address' ? 'sm:col-span-2' : ''}>
          <span className={labelClass}>{t(`shipping.${field}`)}</span>
          <input
            name={field}
            value={value[field] ?? ''}
            maxLength={field === 'address' ? 300 : 50}
            aria-invalid={missing.includes(field)}
            onChange={(event) => onChange({ ...value, [field]: event.target.value })}
            className={inputClass}
          />
          {missing.includes(field) && (
            <span className="mt-1 block text-sm text-red-600 dark:text-red-400">
              {t(`shipping.missing.${field}`)}
            </span>
          )}
        </label>
      ))}
    </fieldset>
  );
}
