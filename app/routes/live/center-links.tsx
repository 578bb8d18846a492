import { type FormEvent, useState } from 'react';
import {
  type AnchorIp,
  IP_ALLOW_LIST_MAX,
  type LiveLinks,
  type StreamKeyResult,
} from '../../../modules/live/live.contract';
import {
  buttonClass,
  Card,
  Dialog,
  ErrorState,
  FormStatus,
  failureMessage,
  hintClass,
  inputClass,
  labelClass,
  mutedClass,
  ScrollBox,
  Skeleton,
} from '../../components/ui';
import { CopyButton } from '../../features/live/copy-button';
import { NeedsApproval } from '../../features/live/needs-approval';
import { useLiveCall } from '../../features/live/use-live-call';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';

/** /anchorCenter/liveLinkDetails: the push address and stream key, the live links, the IP allow-list. */
export default function LiveLinkDetails() {
  const links = useLiveCall<LiveLinks>('/anchor/liveLinks');
  if (links.failed === 'refused') return <NeedsApproval />;
  if (links.failed) return <ErrorState onRetry={links.reload} />;
  if (!links.data) return <Skeleton className="h-64 w-full rounded-2xl" />;
  return (
    <div className="flex flex-col gap-4">
      <PushAddress links={links.data} onReset={links.reload} />
      <LinkTable links={links.data} />
      <AllowList />
    </div>
  );
}

const codeClass =
  'min-w-0 flex-1 overflow-x-auto rounded-lg bg-zinc-100 px-3 py-2 font-mono text-sm whitespace-nowrap dark:bg-zinc-800';

function PushAddress({ links, onReset }: { links: LiveLinks; onReset: () => void }) {
  const { t } = useTranslation('live');
  const api = useApi();
  const [key, setKey] = useState<StreamKeyResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  async function reset() {
    setBusy(true);
    try {
      setKey(await api.post<StreamKeyResult>('/anchor/streamKey/reset'));
      setConfirming(false);
      onReset();
    } catch {
      // The API client has shown the failure.
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card title={t('links.pushTitle')} id="push-title">
      <div className="flex flex-col gap-3">
        <div>
          <span className={labelClass}>{t('links.pushUrl')}</span>
          <div className="flex items-center gap-2">
            <code className={codeClass}>{links.pushUrl}</code>
            <CopyButton text={links.pushUrl} label={t('links.pushUrl')} />
          </div>
        </div>
        {key ? (
          <div
            role="status"
            className="rounded-xl border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950"
          >
            <p className="mb-2 text-sm font-medium">{t('links.generated')}</p>
            <span className={labelClass}>{t('links.streamKey')}</span>
            <div className="flex items-center gap-2">
              <code data-stream-key className={codeClass}>
                {key.streamKey}
              </code>
              <CopyButton text={key.streamKey} label={t('links.streamKey')} />
            </div>
            <span className={`mt-2 ${labelClass}`}>{t('links.fullUrl')}</span>
            <div className="flex items-center gap-2">
              <code className={codeClass}>{key.fullUrl}</code>
              <CopyButton text={key.fullUrl} label={t('links.fullUrl')} />
            </div>
            <p className={hintClass}>{t('links.shownOnce')}</p>
          </div>
        ) : (
          <p className={mutedClass}>{links.hasStreamKey ? t('links.keyHidden') : t('links.noKey')}</p>
        )}
        <div>
          <button type="button" className={buttonClass.secondary} onClick={() => setConfirming(true)}>
            {links.hasStreamKey ? t('links.reset') : t('links.generate')}
          </button>
        </div>
      </div>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={t('links.resetTitle')}>
        <p className="mb-4 text-sm">{t('links.resetWarning')}</p>
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={() => setConfirming(false)}>
            {t('cancel')}
          </button>
          <button type="button" className={buttonClass.primary} disabled={busy} onClick={reset}>
            {links.hasStreamKey ? t('links.reset') : t('links.generate')}
          </button>
        </div>
      </Dialog>
    </Card>
  );
}

function LinkTable({ links }: { links: LiveLinks }) {
  const { t } = useTranslation('live');
  return (
    <Card title={t('links.title')} id="links-title">
      {links.links.length === 0 ? (
        <p className={mutedClass}>{t('links.none')}</p>
      ) : (
        <ScrollBox label={t('links.title')}>
          <table className="w-full min-w-[34rem] text-sm">
            <thead className="text-zinc-500 dark:text-zinc-400">
              <tr>
                <th className="py-2 pe-3 text-start font-medium">{t('links.priority')}</th>
                <th className="py-2 pe-3 text-start font-medium">{t('links.link')}</th>
                <th className="py-2 pe-3 text-start font-medium">{t('links.language')}</th>
                <th className="py-2 text-start font-medium">{t('links.pro')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {links.links.map((link) => (
                <tr key={link.link}>
                  <td className="py-2 pe-3 tabular-nums">{link.priority}</td>
                  <td className="py-2 pe-3">
                    <div className="flex items-center gap-2">
                      <code className="truncate font-mono text-xs">{link.link}</code>
                      <CopyButton text={link.link} label={t(`player.lines.${link.kind}`)} />
                    </div>
                  </td>
                  <td className="py-2 pe-3">{link.language}</td>
                  <td className="py-2">
                    {link.pro && (
                      <span className="rounded bg-amber-500 px-1.5 py-0.5 text-[11px] font-semibold text-black">
                        {t('player.pro')}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      <p className={`mt-3 ${mutedClass}`}>{t('links.currentIp', { ip: links.currentIp })}</p>
    </Card>
  );
}

/** The IPs allowed to push (none: any). */
function AllowList() {
  const { t } = useTranslation('live');
  const api = useApi();
  const ips = useLiveCall<AnchorIp>('/getAnchorIP');
  const [status, setStatus] = useState<{ ok?: string; error?: string | null }>({});
  if (ips.failed) return <ErrorState onRetry={ips.reload} />;
  if (!ips.data) return null;
  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('ips') ?? '');
    setStatus({});
    try {
      ips.setData(
        await api.post<AnchorIp>(
          '/addIpWhite',
          { ips: text.split(/[\s,]+/).filter(Boolean) },
          { quiet: true },
        ),
      );
      setStatus({ ok: t('settings.saved') });
    } catch (failure) {
      setStatus({ error: failureMessage(failure, t('messages:systemError')) });
    }
  }
  return (
    <Card title={t('links.allowList')} id="allow-title">
      <form onSubmit={save} className="flex flex-col gap-3">
        <label htmlFor="allow-ips" className="text-sm">
          {t('links.allowListHint', { max: IP_ALLOW_LIST_MAX })}
        </label>
        <textarea
          id="allow-ips"
          name="ips"
          rows={3}
          defaultValue={ips.data.allowList.join('\n')}
          placeholder={ips.data.currentIp}
          className={`${inputClass} font-mono`}
        />
        <p className={hintClass}>{t('links.currentIp', { ip: ips.data.currentIp })}</p>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass.primary}>
            {t('settings.save')}
          </button>
          <FormStatus ok={status.ok} error={status.error} />
        </div>
      </form>
    </Card>
  );
}
