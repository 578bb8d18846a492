import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { type BoxView, PRIZE_KINDS, type PrizeKind } from '../../../modules/mall/mall.contract';
import { requirePageRole } from '../../../platform/roles';
import { Card, failureMessage, inputClass, labelClass, smallButtonClass } from '../../components/ui';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { adminMeta } from '../../features/admin/meta';
import { Coins } from '../../features/mall/parts';
import { PrizeName } from '../../features/mall/prize';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import type { Route } from './+types/mall-boxes';

/** /admin/mall/boxes: the blind boxes, their odds and seeds; open or close one, rotate its seed. */
export async function loader({ context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  const { services, locale } = context;
  const t = services.i18n.fixed(locale, 'admin');
  return {
    resources: services.i18n.resources(locale, ['mall']),
    title: `${t('sections.mallBoxes.title')} – ${t('title')}`,
    boxes: await services.mall.boxes.list(true),
    goods: (await services.mall.goods.all(1, 100)).list.map(({ id, name }) => ({ id, name })),
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminMallBoxes({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <div className="flex flex-col gap-4">
        <NewBox goods={loaderData.goods} />
        <Boxes boxes={loaderData.boxes} />
      </div>
    </RouteTranslations>
  );
}

function Boxes({ boxes }: { boxes: BoxView[] }) {
  const { t } = useTranslation('mall');
  const api = useApi();
  const revalidator = useRevalidator();
  const act = (path: string, body: unknown) =>
    api
      .post(path, body)
      .then(() => revalidator.revalidate())
      .catch(() => undefined);
  return (
    <Card dense title={t('admin.boxes')}>
      <p className="mb-3 text-sm text-zinc-500">{t('admin.boxesHint')}</p>
      <ul className="flex flex-col gap-4">
        {boxes.map((box) => (
          <li key={box.id} className="rounded-xl border border-zinc-200 p-3 text-sm dark:border-zinc-800">
            <div className="flex flex-wrap items-center gap-2">
              <strong>{box.name}</strong> · <Coins value={box.priceCoins} />
              <span className="text-zinc-500">{box.active ? t('admin.active') : t('admin.inactive')}</span>
              <span className="ms-auto flex gap-2">
                <button
                  type="button"
                  className={smallButtonClass.secondary}
                  onClick={() =>
                    act('/admin/mall/boxes', {
                      id: box.id,
                      name: box.name,
                      description: box.description,
                      image: box.image,
                      priceCoins: box.priceCoins,
                      active: !box.active,
                      prizes: box.prizes.map((p) => ({
                        kind: p.kind,
                        goodsId: p.goodsId ?? undefined,
                        amount: p.amount,
                        weight: p.weight,
                      })),
                    })
                  }
                >
                  {box.active ? t('admin.deactivate') : t('admin.activate')}
                </button>
                <button
                  type="button"
                  className={smallButtonClass.primary}
                  onClick={() => act('/admin/mall/boxes/rotateSeed', { boxId: box.id })}
                >
                  {t('admin.rotate')}
                </button>
              </span>
            </div>
            <p className="mt-1 break-all font-mono text-xs text-zinc-500">
              {box.seedHash} · {t('box.nextNonce', { nonce: box.nextNonce })}
            </p>
            <ul className="mt-2 grid gap-x-10 gap-y-1 sm:grid-cols-2">
              {box.prizes.map((prize) => (
                <li key={prize.id} className="flex justify-between gap-2">
                  <PrizeName prize={prize} />
                  <span className="tabular-nums">{prize.odds}%</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Card>
  );
}

interface PrizeRow {
  kind: PrizeKind;
  goodsId: string;
  amount: string;
  weight: string;
}

const emptyPrize = (): PrizeRow => ({ kind: 'coins', goodsId: '', amount: '', weight: '' });

/** A new box: its name, price and prizes with their weights; the odds are each weight over the total. */
function NewBox({ goods }: { goods: { id: number; name: string }[] }) {
  const { t } = useTranslation('mall');
  const api = useApi();
  const revalidator = useRevalidator();
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [prizes, setPrizes] = useState<PrizeRow[]>([emptyPrize(), emptyPrize()]);
  const [error, setError] = useState<unknown>(null);
  const change = (index: number, patch: Partial<PrizeRow>) =>
    setPrizes(prizes.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  async function create() {
    setError(null);
    try {
      await api.post(
        '/admin/mall/boxes',
        {
          name,
          priceCoins: Number(price),
          prizes: prizes.map((row) => ({
            kind: row.kind,
            goodsId: row.kind === 'goods' ? Number(row.goodsId) : undefined,
            amount: row.kind === 'goods' ? 1 : Number(row.amount),
            weight: Number(row.weight),
          })),
        },
        { quiet: true },
      );
      setName('');
      setPrice('');
      setPrizes([emptyPrize(), emptyPrize()]);
      revalidator.revalidate();
    } catch (err) {
      setError(err);
    }
  }

  const kindLabel = (kind: PrizeKind) => (kind === 'goods' ? t('admin.goods') : t(`category.${kind}`));
  return (
    <Card dense title={t('admin.newBox')}>
      <form
        className="flex flex-col gap-3 text-sm"
        onSubmit={(event) => {
          event.preventDefault();
          create();
        }}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <label>
            <span className={labelClass}>{t('admin.field.name')}</span>
            <input value={name} onChange={(event) => setName(event.target.value)} className={inputClass} />
          </label>
          <label>
            <span className={labelClass}>{t('admin.field.priceCoins')}</span>
            <input
              type="number"
              value={price}
              onChange={(event) => setPrice(event.target.value)}
              className={inputClass}
            />
          </label>
        </div>
        {prizes.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are only added at the end
          <fieldset key={index} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <legend className="sr-only">{t('box.prize')}</legend>
            <select
              aria-label={t('box.prize')}
              value={row.kind}
              onChange={(event) => change(index, { kind: event.target.value as PrizeKind })}
              className={inputClass}
            >
              {PRIZE_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {kindLabel(kind)}
                </option>
              ))}
            </select>
            {row.kind === 'goods' ? (
              <select
                aria-label={t('admin.goods')}
                value={row.goodsId}
                onChange={(event) => change(index, { goodsId: event.target.value })}
                className={inputClass}
              >
                <option value="" />
                {goods.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
              </select>
            ) : (
              <input
                type="number"
                aria-label={t('admin.amount')}
                placeholder={t('admin.amount')}
                value={row.amount}
                onChange={(event) => change(index, { amount: event.target.value })}
                className={inputClass}
              />
            )}
            <input
              type="number"
              aria-label={t('admin.weight')}
              placeholder={t('admin.weight')}
              value={row.weight}
              onChange={(event) => change(index, { weight: event.target.value })}
              className={inputClass}
            />
          </fieldset>
        ))}
        {error ? (
          <p role="alert" className="text-red-600">
            {failureMessage(error, t('failed'))}
          </p>
        ) : null}
        <div className="flex gap-2">
          <button
            type="button"
            className={smallButtonClass.secondary}
            onClick={() => setPrizes([...prizes, emptyPrize()])}
          >
            {t('admin.addPrize')}
          </button>
          <button type="submit" className={smallButtonClass.primary}>
            {t('admin.save')}
          </button>
        </div>
      </form>
    </Card>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
