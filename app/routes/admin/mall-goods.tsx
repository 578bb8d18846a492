import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { GOODS_CATEGORIES, type GoodsCategory, type GoodsDetails } from '../../../modules/mall/mall.contract';
import { requirePageRole } from '../../../platform/roles';
import {
  Card,
  failureMessage,
  fieldErrors,
  inputClass,
  labelClass,
  smallButtonClass,
} from '../../components/ui';
import { AdminField, useEditing } from '../../features/admin/editor';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { adminMeta } from '../../features/admin/meta';
import { Coins } from '../../features/mall/parts';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { uploadFile } from '../../lib/upload';
import { useLocale } from '../../lib/use-locale';
import type { Route } from './+types/mall-goods';

/** /admin/mall/goods: every product; create or edit one, put it on or off the shelf. */
export async function loader({ context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  const { services, locale } = context;
  const t = services.i18n.fixed(locale, 'admin');
  const goods = await services.mall.goods.all(1, 100);
  return {
    resources: services.i18n.resources(locale, ['mall']),
    title: `${t('sections.mallGoods.title')} – ${t('title')}`,
    goods: goods.list,
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminMallGoods({ loaderData }: Route.ComponentProps) {
  const { editing, edit, formKey, finish } = useEditing<GoodsDetails>();
  return (
    <RouteTranslations resources={loaderData.resources}>
      <div className="flex flex-col gap-4">
        <GoodsForm key={formKey} editing={editing} onDone={finish} />
        <GoodsList goods={loaderData.goods} onEdit={edit} />
      </div>
    </RouteTranslations>
  );
}

/** A stored time as the value of a datetime-local field, in the admin's own zone. */
function local(iso: string | null): string {
  if (!iso) return '';
  const time = new Date(iso);
  return new Date(time.getTime() - time.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

function GoodsForm({ editing, onDone }: { editing: GoodsDetails | null; onDone: () => void }) {
  const { t } = useTranslation('mall');
  const api = useApi();
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [form, setForm] = useState({
    name: editing?.name ?? '',
    category: editing?.category ?? ('physical' as GoodsCategory),
    priceCoins: String(editing?.priceCoins ?? ''),
    grant: String(editing?.grant ?? 0),
    inventory: String(editing?.inventory ?? ''),
    limitPerUser: editing?.limitPerUser ? String(editing.limitPerUser) : '',
    startsAt: local(editing?.startsAt ?? null),
    endsAt: local(editing?.endsAt ?? null),
    onShelf: editing?.onShelf ?? true,
    description: editing?.description ?? '',
  });
  const [images, setImages] = useState<string[]>(editing?.images ?? []);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [field]: event.target.value });
  const errors = fieldErrors(error);

  async function save() {
    setBusy(true);
    setError(null);
    try {
      await api.post(
        '/admin/mall/goods',
        {
          id: editing?.id,
          ...form,
          images,
          limitPerUser: form.limitPerUser ? Number(form.limitPerUser) : null,
          startsAt: form.startsAt ? new Date(form.startsAt).toISOString() : null,
          endsAt: form.endsAt ? new Date(form.endsAt).toISOString() : null,
        },
        { quiet: true },
      );
      revalidator.revalidate();
      onDone();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  async function upload(file: File | undefined) {
    if (!file) return;
    try {
      const { url } = await uploadFile<{ url: string }>('/admin/mall/uploadImage', file, locale);
      setImages((now) => [...now, url]);
    } catch (err) {
      setError(err);
    }
  }

  const field = (name: keyof typeof form, type = 'text') => (
    <AdminField
      label={t(`admin.field.${name}`)}
      name={name}
      type={type}
      value={String(form[name])}
      onChange={set(name)}
      error={errors[name]}
    />
  );
  return (
    <Card dense title={editing ? t('admin.edit', { name: editing.name }) : t('admin.create')}>
      <form
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <div className="sm:col-span-2">{field('name')}</div>
        <label>
          <span className={labelClass}>{t('admin.field.category')}</span>
          <select name="category" value={form.category} onChange={set('category')} className={inputClass}>
            {GOODS_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`category.${c}`)}
              </option>
            ))}
          </select>
        </label>
        {field('priceCoins', 'number')}
        {field('inventory', 'number')}
        {(form.category === 'vip_days' || form.category === 'diamonds') && field('grant', 'number')}
        {field('limitPerUser', 'number')}
        {field('startsAt', 'datetime-local')}
        {field('endsAt', 'datetime-local')}
        <label className="flex items-center gap-2 self-end pb-2">
          <input
            type="checkbox"
            checked={form.onShelf}
            onChange={(event) => setForm({ ...form, onShelf: event.target.checked })}
          />
          {t('admin.field.onShelf')}
        </label>
        <label className="sm:col-span-2 lg:col-span-4">
          <span className={labelClass}>{t('admin.field.description')}</span>
          <textarea
            name="description"
            rows={4}
            value={form.description}
            onChange={set('description')}
            className={inputClass}
          />
        </label>
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-4">
          {images.map((src) => (
            <button
              key={src}
              type="button"
              title={t('admin.removeImage')}
              onClick={() => setImages(images.filter((i) => i !== src))}
            >
              <img src={src} alt="" width={56} height={56} className="rounded-lg" />
            </button>
          ))}
          <label className={smallButtonClass.secondary}>
            {t('admin.addImage')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              onChange={(event) => upload(event.target.files?.[0])}
            />
          </label>
        </div>
        {error ? (
          <p role="alert" className="text-sm text-red-600 sm:col-span-2 lg:col-span-4">
            {failureMessage(error, t('failed'))}
          </p>
        ) : null}
        <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
          <button type="submit" className={smallButtonClass.primary} disabled={busy}>
            {t('admin.save')}
          </button>
          {editing && (
            <button type="button" className={smallButtonClass.secondary} onClick={onDone}>
              {t('confirm.cancel')}
            </button>
          )}
        </div>
      </form>
    </Card>
  );
}

function GoodsList({ goods, onEdit }: { goods: GoodsDetails[]; onEdit: (goods: GoodsDetails) => void }) {
  const { t } = useTranslation('mall');
  const api = useApi();
  const revalidator = useRevalidator();
  const shelf = (id: number, onShelf: boolean) =>
    api
      .post('/admin/mall/goods/shelf', { id, onShelf })
      .then(() => revalidator.revalidate())
      .catch(() => undefined);
  return (
    <Card dense title={t('admin.goods')}>
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {goods.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
            {item.image && <img src={item.image} alt="" width={40} height={40} className="rounded" />}
            <span className="font-medium">{item.name}</span>
            <span className="text-zinc-500">
              {t(`category.${item.category}`)} · <Coins value={item.priceCoins} /> · {t('stock')}{' '}
              {item.inventory} · {t('exchanged', { count: item.exchangeCount })}
            </span>
            <span className="ms-auto flex gap-2">
              <button type="button" className={smallButtonClass.secondary} onClick={() => onEdit(item)}>
                {t('admin.editAction')}
              </button>
              <button
                type="button"
                className={item.onShelf ? smallButtonClass.danger : smallButtonClass.primary}
                onClick={() => shelf(item.id, !item.onShelf)}
              >
                {item.onShelf ? t('admin.offShelf') : t('admin.onShelf')}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
