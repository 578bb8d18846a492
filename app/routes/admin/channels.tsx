import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { AdminChannel } from '../../../modules/channels/channels.contract';
import { CHANNEL_PATHS } from '../../../modules/channels/channels-constants.contract';
import { requirePageRole } from '../../../platform/roles';
import {
  buttonClass,
  Card,
  DateTime,
  EmptyState,
  FormStatus,
  inputClass,
  labelClass,
} from '../../components/ui';
import { adminMeta } from '../../features/admin/meta';
import { DataTable } from '../../features/channels/frame';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import type { Route } from './+types/channels';

/** /admin/channels: every promotion channel, and a new one for an account, which becomes a promoter. */
export async function loader({ context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  return {
    title: context.services.i18n.t(context.locale, 'admin:sections.channels.title'),
    resources: context.services.i18n.resources(context.locale, ['channels']),
    channels: await context.services.channels.all(),
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminChannels({ loaderData }: Route.ComponentProps) {
  return (
    <RouteTranslations resources={loaderData.resources}>
      <ChannelsPanel channels={loaderData.channels} />
    </RouteTranslations>
  );
}

function ChannelsPanel({ channels }: { channels: AdminChannel[] }) {
  const { t } = useTranslation('channels');
  const api = useApi();
  const revalidator = useRevalidator();
  const [form, setForm] = useState({ ownerId: '', id: '', name: '' });
  const [created, setCreated] = useState(false);
  async function create(event: React.FormEvent) {
    event.preventDefault();
    setCreated(false);
    try {
      await api.post(CHANNEL_PATHS.adminCreate, { ...form, ownerId: Number(form.ownerId) });
      setForm({ ownerId: '', id: '', name: '' });
      setCreated(true);
      await revalidator.revalidate();
    } catch {
      // The API client has shown the failure.
    }
  }
  const field = (
    key: keyof typeof form,
    label: string,
    extra: React.InputHTMLAttributes<HTMLInputElement>,
  ) => (
    <div>
      <label htmlFor={`channel-${key}`} className={labelClass}>
        {label}
      </label>
      <input
        id={`channel-${key}`}
        required
        value={form[key]}
        onChange={(e) => setForm((f) => ({ ...f, [key]: e.target.value }))}
        className={inputClass}
        {...extra}
      />
    </div>
  );
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('admin.title')}</h1>
      <Card title={t('admin.create')} id="new-channel" dense>
        <form onSubmit={create} className="grid gap-3 sm:grid-cols-3">
          {field('ownerId', t('admin.ownerId'), { type: 'number', min: 1, inputMode: 'numeric' })}
          {field('id', t('admin.id'), { pattern: '[a-z0-9][a-z0-9\\-]{1,31}', maxLength: 32, dir: 'ltr' })}
          {field('name', t('admin.name'), { maxLength: 40 })}
          <div className="flex items-center gap-3 sm:col-span-3">
            <button type="submit" className={buttonClass.primary}>
              {t('admin.submit')}
            </button>
            <FormStatus ok={created ? t('admin.created') : null} />
          </div>
        </form>
      </Card>
      <Card dense>
        {channels.length === 0 ? (
          <EmptyState title={t('admin.none')} />
        ) : (
          <DataTable
            label={t('admin.title')}
            testId="admin-channels"
            head={[
              { label: t('channel') },
              { label: t('admin.id') },
              { label: t('admin.owner') },
              { label: t('admin.createdAt') },
            ]}
          >
            {channels.map((channel) => (
              <tr key={channel.id}>
                <td className="py-1.5 font-medium">{channel.name}</td>
                <td className="py-1.5 font-mono text-xs">{channel.id}</td>
                <td className="py-1.5">
                  {channel.owner} ({channel.ownerId})
                </td>
                <td className="whitespace-nowrap py-1.5">
                  <DateTime value={channel.createdAt} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Card>
    </div>
  );
}
