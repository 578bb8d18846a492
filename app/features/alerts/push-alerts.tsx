import { useEffect, useState } from 'react';
import { ALERT_PATHS } from '../../../modules/alerts/alerts.contract';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useLocale } from '../../lib/use-locale';

/**
 * unsupported: no service worker or PushManager; denied: the browser blocks notifications here;
 * off / on: this browser's subscription; failed: the browser or its push service refused.
 */
type PushState = 'unsupported' | 'denied' | 'off' | 'on' | 'failed';

const pushAvailable = () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The installed app's worker, which shows the alerts (public/sw.js). */
const worker = (locale: string) => navigator.serviceWorker.register(`/sw.js?locale=${locale}`);

/**
 * "Turn on alerts": asks the browser's permission only when pressed, subscribes this browser to
 * push with the server's key and hands the subscription to the server. Where push is not
 * available it says why; the in-page notice of reserved matches goes on as before.
 */
export function PushAlertsControl() {
  const { t } = useTranslation('alerts');
  const api = useApi();
  const locale = useLocale();
  // Unknown until the page runs in the browser.
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!pushAvailable()) return setState('unsupported');
    if (Notification.permission === 'denied') return setState('denied');
    navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => setState(subscription ? 'on' : 'off'))
      .catch(() => setState('off'));
  }, []);

  async function turnOn() {
    setBusy(true);
    try {
      if ((await Notification.requestPermission()) !== 'granted') return setState('denied');
      const { publicKey } = await api.get<{ publicKey: string }>(ALERT_PATHS.key);
      const registration = await worker(locale);
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: publicKey,
      });
      await api.post(ALERT_PATHS.subscribe, subscription.toJSON(), { quiet: true });
      setState('on');
    } catch (err) {
      console.warn('push alerts could not be turned on', err);
      setState('failed');
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    try {
      const subscription = await (
        await navigator.serviceWorker.getRegistration()
      )?.pushManager.getSubscription();
      if (subscription) {
        await api.post(ALERT_PATHS.unsubscribe, { endpoint: subscription.endpoint }, { quiet: true });
        await subscription.unsubscribe();
      }
      setState('off');
    } finally {
      setBusy(false);
    }
  }

  if (state === null) return null;
  const note = 'text-sm text-zinc-600 dark:text-zinc-400';
  const button =
    'inline-flex items-center gap-2 self-start rounded-full border border-brand/50 px-4 py-2 text-sm font-medium text-brand-ink hover:bg-brand/10 disabled:opacity-50';
  if (state === 'unsupported')
    return (
      <div className="flex flex-col gap-2" data-push-alerts={state}>
        <p className={note}>{t('control.unsupported')}</p>
        <NotificationPermissionButton />
      </div>
    );
  if (state === 'denied')
    return (
      <p className={note} data-push-alerts={state}>
        {t('control.denied')}
      </p>
    );
  if (state === 'on')
    return (
      <div className="flex flex-wrap items-center gap-2" data-push-alerts={state}>
        <p className={note}>{t('control.on')}</p>
        <button type="button" disabled={busy} onClick={turnOff} className={button}>
          {t('control.turnOff')}
        </button>
      </div>
    );
  return (
    <div className="flex flex-col gap-1" data-push-alerts={state}>
      <button type="button" disabled={busy} onClick={turnOn} className={button}>
        {t('control.turnOn')}
      </button>
      {state === 'failed' && (
        <p role="status" className={note}>
          {t('control.failed')}
        </p>
      )}
    </div>
  );
}

type Permission = NotificationPermission | 'unsupported';

/**
 * Asks for browser notifications only when the user presses it; says where things stand once
 * they answered. Its words are the reservation pages' (the `matches` namespace).
 */
function NotificationPermissionButton() {
  const { t } = useTranslation('matches');
  // Unknown until the page runs in the browser.
  const [permission, setPermission] = useState<Permission | null>(null);
  useEffect(() => setPermission('Notification' in window ? Notification.permission : 'unsupported'), []);
  if (permission === null || permission === 'unsupported') return null;
  if (permission === 'granted')
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('reservations.notificationsOn')}</p>;
  if (permission === 'denied')
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('reservations.notificationsBlocked')}</p>
    );
  return (
    <button
      type="button"
      onClick={async () => setPermission(await Notification.requestPermission())}
      className="inline-flex items-center gap-2 self-start rounded-full border border-brand/50 px-4 py-2 text-sm font-medium text-brand-ink hover:bg-brand/10"
    >
      {t('reservations.allowNotifications')}
    </button>
  );
}
