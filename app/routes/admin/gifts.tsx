import { useCallback, useState } from 'react';
import { useRevalidator } from 'react-router';
import { LOCALE_NAMES, LOCALES } from '../../../lib/locales';
import type { AdminGift, GiftNames } from '../../../modules/chat/chat.contract';
import { requirePageRole } from '../../../platform/roles';
import {
  Card,
  failureMessage,
  fieldErrors,
  inputClass,
  labelClass,
  mutedClass,
  smallButtonClass,
} from '../../components/ui';
import { AdminField, useEditing } from '../../features/admin/editor';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { adminMeta } from '../../features/admin/meta';
import { type GiftAnimation, GiftOverlay } from '../../features/chat/gift-overlay';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { uploadFile } from '../../lib/upload';
import { useLocale } from '../../lib/use-locale';
import type { Route } from './+types/gifts';

/** /admin/gifts: the live rooms' gift catalogue; add or edit a gift, upload its animation, show or hide it. */
export async function loader({ context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  const { services, locale } = context;
  const t = services.i18n.fixed(locale, 'admin');
  return {
    resources: services.i18n.resources(locale, ['chat']),
    title: `${t('sections.gifts.title')} – ${t('title')}`,
    gifts: await services.gifts.adminCatalogue(),
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminGifts({ loaderData }: Route.ComponentProps) {
  const { editing, edit, formKey, finish } = useEditing<AdminGift>();
  return (
    <RouteTranslations resources={loaderData.resources}>
      <div className="flex flex-col gap-4">
        <GiftForm key={formKey} editing={editing} onDone={finish} />
        <GiftList gifts={loaderData.gifts} onEdit={edit} />
      </div>
    </RouteTranslations>
  );
}

/** A box where an animation plays once when asked. */
function Preview({ animation }: { animation: GiftAnimation | null }) {
  const { t } = useTranslation('chat');
  const [queue, setQueue] = useState<GiftAnimation[]>([]);
  const played = useCallback(() => setQueue([]), []);
  return (
    <div className="flex items-center gap-2">
      <div className="relative size-20 shrink-0 rounded-md bg-zinc-900">
        <GiftOverlay queue={queue} onPlayed={played} />
      </div>
      {animation && (
        <button type="button" className={smallButtonClass.secondary} onClick={() => setQueue([animation])}>
          {t('admin.play')}
        </button>
      )}
    </div>
  );
}

function GiftForm({ editing, onDone }: { editing: AdminGift | null; onDone: () => void }) {
  const { t } = useTranslation('chat');
  const api = useApi();
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [form, setForm] = useState({
    name: editing?.name ?? '',
    currency: editing?.currency ?? ('coin' as AdminGift['currency']),
    price: String(editing?.price ?? ''),
    comboSeconds: String(editing?.comboSeconds ?? 0),
    sort: String(editing?.sort ?? 0),
    enabled: editing?.enabled ?? true,
  });
  const [names, setNames] = useState<GiftNames>(editing?.names ?? {});
  const [animation, setAnimation] = useState<GiftAnimation | null>(
    editing ? { animation: editing.animation, animationType: editing.animationType } : null,
  );
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [field]: event.target.value });
  const errors = fieldErrors(error);

  async function save() {
    if (!animation) return;
    setBusy(true);
    setError(null);
    try {
      await api.post(
        '/admin/gift',
        { id: editing?.id, ...form, names, ...animation, icon: editing?.icon ?? '' },
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
    setError(null);
    try {
      const stored = await uploadFile<{ url: string; animationType: GiftAnimation['animationType'] }>(
        '/admin/gift/uploadAnimation',
        file,
        locale,
      );
      setAnimation({ animation: stored.url, animationType: stored.animationType });
    } catch (err) {
      setError(err);
    }
  }

  const field = (name: 'name' | 'price' | 'comboSeconds' | 'sort', type = 'text') => (
    <AdminField
      label={t(`admin.field.${name}`)}
      name={name}
      type={type}
      value={form[name]}
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
        <details className="sm:col-span-2 lg:col-span-4">
          <summary className="cursor-pointer text-sm font-medium">{t('admin.field.names')}</summary>
          <p className={`${mutedClass} mt-1`}>{t('admin.namesHint')}</p>
          <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {LOCALES.map((locale) => (
              <AdminField
                key={locale}
                label={LOCALE_NAMES[locale]}
                name={`names.${locale}`}
                value={names[locale] ?? ''}
                onChange={(event) => setNames({ ...names, [locale]: event.target.value })}
                error={errors[`names.${locale}`]}
              />
            ))}
          </div>
        </details>
        <label>
          <span className={labelClass}>{t('admin.field.currency')}</span>
          <select name="currency" value={form.currency} onChange={set('currency')} className={inputClass}>
            <option value="coin">{t('gifts.coins')}</option>
            <option value="diamond">{t('gifts.diamonds')}</option>
          </select>
        </label>
        {field('price', 'number')}
        {field('comboSeconds', 'number')}
        {field('sort', 'number')}
        <label className="flex items-center gap-2 self-end pb-2">
          <input
            type="checkbox"
            checked={form.enabled}
            onChange={(event) => setForm({ ...form, enabled: event.target.checked })}
          />
          {t('admin.field.enabled')}
        </label>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-4">
          <Preview key={animation?.animation ?? 'none'} animation={animation} />
          <label className={smallButtonClass.secondary}>
            {t('admin.upload')}
            <input
              type="file"
              accept=".svga,.json,application/json"
              className="sr-only"
              onChange={(event) => upload(event.target.files?.[0])}
            />
          </label>
          <span className={mutedClass}>
            {animation
              ? t('admin.uploaded', { type: animation.animationType === 'svga' ? 'SVGA' : 'Lottie' })
              : t('admin.needAnimation')}
          </span>
        </div>
        {error ? (
          <p role="alert" className="text-sm text-red-600 sm:col-span-2 lg:col-span-4">
            {failureMessage(error, t('admin.failed'))}
          </p>
        ) : null}
        <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
          <button type="submit" className={smallButtonClass.primary} disabled={busy || !animation}>
            {t('admin.save')}
          </button>
          {editing && (
            <button type="button" className={smallButtonClass.secondary} onClick={onDone}>
              {t('admin.cancel')}
            </button>
          )}
        </div>
      </form>
    </Card>
  );
}

function GiftList({ gifts, onEdit }: { gifts: AdminGift[]; onEdit: (gift: AdminGift) => void }) {
  const { t } = useTranslation('chat');
  const api = useApi();
  const revalidator = useRevalidator();
  const toggle = (gift: AdminGift) =>
    api
      .post('/admin/gift', { ...gift, enabled: !gift.enabled })
      .then(() => revalidator.revalidate())
      .catch(() => undefined);
  return (
    <Card dense title={t('admin.title')}>
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
        {gifts.map((gift) => (
          <li key={gift.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
            <span className="font-medium">{gift.name}</span>
            <span className={mutedClass}>
              {gift.price} {t(gift.currency === 'coin' ? 'gifts.coins' : 'gifts.diamonds')} ·{' '}
              {gift.animationType === 'svga' ? 'SVGA' : 'Lottie'} ·{' '}
              {gift.comboSeconds > 0 ? t('admin.combo', { n: gift.comboSeconds }) : t('admin.noCombo')}
              {!gift.enabled && <> · {t('admin.hidden')}</>}
            </span>
            <span className="ms-auto flex gap-2">
              <button type="button" className={smallButtonClass.secondary} onClick={() => onEdit(gift)}>
                {t('admin.editAction')}
              </button>
              <button
                type="button"
                className={gift.enabled ? smallButtonClass.danger : smallButtonClass.primary}
                onClick={() => toggle(gift)}
              >
                {gift.enabled ? t('admin.hide') : t('admin.show')}
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
