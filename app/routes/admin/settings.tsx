import { type FormEvent, lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { LOCALE_NAMES, LOCALES } from '../../../lib/locales';
import type { RoomModes } from '../../../modules/chat/chat.contract';
import type { LiveLinkSettings } from '../../../modules/live/index';
import type { EditableProjectConfig } from '../../../modules/system';
import { requirePageRole } from '../../../platform/roles';
import { buttonClass, Card, FormStatus, hintClass, inputClass, labelClass } from '../../components/ui';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { adminMeta } from '../../features/admin/meta';
import { RouteTranslations } from '../../i18n/route-translations';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import type { Route } from './+types/settings';

/**
 * /admin/settings: the configuration administrators change at run time: recharge options,
 * sensitive words, live links and the project config. Each form saves through its module's
 * admin call, which validates and audits it; VIP prices, gifts, goods and blind boxes have pages of their own.
 */
export async function loader({ context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  const { services, locale } = context;
  const [rechargeOptions, words, links, project, chatModes] = await Promise.all([
    services.wallet.rechargeOptions.list(),
    services.content.sensitiveWords.list(),
    services.liveRooms.linkSettings.get(),
    services.project.editable(),
    services.chat.defaultModes(),
  ]);
  return {
    title: `${services.i18n.t(locale, 'admin:sections.settings.title')} – ${services.i18n.t(locale, 'admin:title')}`,
    // The chat's texts, for the modes' form.
    resources: services.i18n.resources(locale, ['chat']),
    rechargeOptions,
    words,
    links,
    project,
    chatModes,
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  return (
    <RouteTranslations resources={loaderData.resources}>
      <div className="flex flex-col gap-4">
        <h1 className="text-xl font-bold">{t('sections.settings.title')}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('settings.intro')}</p>
        <RechargeOptions initial={loaderData.rechargeOptions} />
        <SensitiveWords initial={loaderData.words} />
        <LiveLinks initial={loaderData.links} />
        <DefaultChatModes initial={loaderData.chatModes} />
        <ProjectConfig initial={loaderData.project} />
      </div>
    </RouteTranslations>
  );
}

/** The chat's modes form, loaded with the card: the chat feature is no part of the settings' own weight. */
const ModesForm = lazy(() =>
  import('../../features/chat/room-modes').then((module) => ({ default: module.ModesForm })),
);

/** The chat modes of every room whose anchor and moderators set none. */
function DefaultChatModes({ initial }: { initial: RoomModes }) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const [modes, setModes] = useState(initial);
  return (
    <Card title={t('settings.chatModes.title')} dense>
      <p className={`${hintClass} mb-3`}>{t('settings.chatModes.hint')}</p>
      <Suspense fallback={null}>
        <ModesForm
          modes={modes}
          save={(draft) => api.post<RoomModes>('/admin/chat/defaultModes', draft, { quiet: true })}
          onSaved={setModes}
        />
      </Suspense>
    </Card>
  );
}

/** A card holding one setting's form; saving sends `body()` to `path` and says when it is saved. */
function SettingForm({
  title,
  path,
  body,
  children,
}: {
  title: string;
  path: string;
  body(): unknown;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const [saved, setSaved] = useState(false);
  async function save(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    try {
      await api.post(path, body());
      setSaved(true);
    } catch {
      // The API client has shown the failure, with the field it names.
    }
  }
  return (
    <Card title={title} dense>
      <form onSubmit={save} onChange={() => setSaved(false)} className="flex flex-col gap-3">
        {children}
        <div className="flex items-center gap-3">
          <button type="submit" className={buttonClass.primary}>
            {t('settings.save')}
          </button>
          <FormStatus ok={saved ? t('settings.saved') : null} />
        </div>
      </form>
    </Card>
  );
}

function RechargeOptions({ initial }: { initial: number[] }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [text, setText] = useState(initial.join(', '));
  const rmb = () =>
    text
      .split(/[\s,，、]+/)
      .filter(Boolean)
      .map(Number);
  return (
    <SettingForm
      title={t('settings.recharge.title')}
      path="/admin/wallet/rechargeOptions"
      body={() => ({ rmb: rmb() })}
    >
      <div>
        <label htmlFor={id} className={labelClass}>
          {t('settings.recharge.label')}
        </label>
        <input
          id={id}
          name="rmb"
          required
          dir="ltr"
          inputMode="numeric"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-hint`}
          className={inputClass}
        />
        <p id={`${id}-hint`} className={hintClass}>
          {t('settings.recharge.hint')}
        </p>
      </div>
    </SettingForm>
  );
}

function SensitiveWords({ initial }: { initial: string[] }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [text, setText] = useState(initial.join('\n'));
  const words = () =>
    text
      .split('\n')
      .map((word) => word.trim())
      .filter(Boolean);
  return (
    <SettingForm
      title={t('settings.words.title')}
      path="/admin/sensitiveWords"
      body={() => ({ words: words() })}
    >
      <div>
        <label htmlFor={id} className={labelClass}>
          {t('settings.words.label', { n: words().length })}
        </label>
        <textarea
          id={id}
          name="words"
          rows={8}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby={`${id}-hint`}
          className={inputClass}
        />
        <p id={`${id}-hint`} className={hintClass}>
          {t('settings.words.hint')}
        </p>
      </div>
    </SettingForm>
  );
}

function LiveLinks({ initial }: { initial: LiveLinkSettings }) {
  const { t } = useTranslation('admin');
  const [links, setLinks] = useState(initial);
  const change = (kind: string, patch: Partial<LiveLinkSettings[number]>) =>
    setLinks((all) => all.map((link) => (link.kind === kind ? { ...link, ...patch } : link)));
  return (
    <SettingForm title={t('settings.links.title')} path="/admin/live/links" body={() => ({ links })}>
      <p className={hintClass}>{t('settings.links.hint')}</p>
      <div className="overflow-x-auto">
        <table className="w-full max-w-xl text-sm">
          <thead>
            <tr className="text-start">
              <th className="py-1 pe-3 text-start">{t('settings.links.line')}</th>
              <th className="py-1 pe-3 text-start">{t('settings.links.priority')}</th>
              <th className="py-1 pe-3 text-start">{t('settings.links.language')}</th>
              <th className="py-1 text-start">{t('settings.links.pro')}</th>
            </tr>
          </thead>
          <tbody>
            {links.map((link) => (
              <tr key={link.kind}>
                <th scope="row" className="py-1 pe-3 text-start font-mono uppercase">
                  {link.kind}
                </th>
                <td className="py-1 pe-3">
                  <input
                    type="number"
                    min={1}
                    max={99}
                    required
                    aria-label={`${t('settings.links.priority')} ${link.kind.toUpperCase()}`}
                    value={link.priority}
                    onChange={(event) => change(link.kind, { priority: Number(event.target.value) })}
                    className={`${inputClass} !w-20`}
                  />
                </td>
                <td className="py-1 pe-3">
                  <select
                    aria-label={`${t('settings.links.language')} ${link.kind.toUpperCase()}`}
                    value={link.language}
                    onChange={(event) =>
                      change(link.kind, {
                        language: event.target.value as LiveLinkSettings[number]['language'],
                      })
                    }
                    className={`${inputClass} !w-40`}
                  >
                    {LOCALES.map((locale) => (
                      <option key={locale} value={locale}>
                        {LOCALE_NAMES[locale]}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="py-1">
                  <input
                    type="checkbox"
                    aria-label={`${t('settings.links.pro')} ${link.kind.toUpperCase()}`}
                    checked={link.pro}
                    onChange={(event) => change(link.kind, { pro: event.target.checked })}
                    className="size-5 accent-brand"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </SettingForm>
  );
}

type Group = 'logos' | 'urls' | 'claims' | 'contact';

function ProjectConfig({ initial }: { initial: EditableProjectConfig }) {
  const { t } = useTranslation('admin');
  const [config, setConfig] = useState(initial);
  const set = <G extends Group>(group: G, key: keyof EditableProjectConfig[G], value: string | number) =>
    setConfig((c) => ({ ...c, [group]: { ...c[group], [key]: value } }));
  const field = <G extends Group>(group: G, key: keyof EditableProjectConfig[G] & string, type = 'text') => (
    <div key={key}>
      <label htmlFor={`project-${group}-${key}`} className={labelClass}>
        {t(`settings.project.${group}.${key}`)}
      </label>
      <input
        id={`project-${group}-${key}`}
        name={`${group}.${key}`}
        type={type}
        required
        dir="ltr"
        min={type === 'number' ? 0 : undefined}
        value={String(config[group][key])}
        onChange={(event) =>
          set(group, key, type === 'number' ? Number(event.target.value) : event.target.value)
        }
        className={inputClass}
      />
    </div>
  );
  const group = (name: Group, children: ReactNode) => (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-2 text-sm font-semibold">{t(`settings.project.${name}.title`)}</legend>
      {children}
    </fieldset>
  );
  return (
    <SettingForm title={t('settings.project.title')} path="/admin/system/project" body={() => config}>
      <div className="flex items-end gap-3">
        <div>
          <label htmlFor="project-theme" className={labelClass}>
            {t('settings.project.themeColor')}
          </label>
          <input
            id="project-theme"
            name="themeColor"
            required
            dir="ltr"
            value={config.themeColor}
            onChange={(event) => setConfig((c) => ({ ...c, themeColor: event.target.value }))}
            className={`${inputClass} !w-32 font-mono`}
          />
        </div>
        <span
          aria-hidden
          className="mb-1 size-8 rounded-full border border-zinc-300"
          style={{ background: config.themeColor }}
        />
      </div>
      {group(
        'logos',
        (['mark', 'wordmark', 'favicon'] as const).map((key) => field('logos', key)),
      )}
      {group(
        'urls',
        (['api', 'liveWs', 'pushWs', 'rechargeWs', 'sdk', 'im'] as const).map((key) => field('urls', key)),
      )}
      {group(
        'claims',
        (['esportsGames', 'users'] as const).map((key) => field('claims', key, 'number')),
      )}
      {group(
        'contact',
        (['complaintEmail', 'businessEmail'] as const).map((key) => field('contact', key, 'email')),
      )}
    </SettingForm>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
