import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { BCP47 } from '../../../lib/locales';
import type { Namespaces } from '../../../lib/translate';
import { RouteTranslations } from '../../i18n/route-translations';
import { useLocale } from '../../lib/use-locale';

interface PageTime {
  /** The zone times are shown in: the one the server rendered with, then the browser's own. */
  zone: string;
  /** The moment live clocks are drawn at: the server's render time, then ticking each second. */
  now: number;
}

const Context = createContext<PageTime>({ zone: 'UTC', now: 0 });

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The zone and clock of a list page. The first render in the browser repeats the server's, so
 * hydration matches; then the browser's zone and clock take over. When the server guessed
 * another zone (a first visit), the page data is reloaded for the browser's days (the cookie of
 * its zone is set already), and what depends on them shows once it has come.
 */
export function PageTimeProvider({
  zone: serverZone,
  now: serverNow,
  children,
}: {
  zone: string;
  now: number;
  children: ReactNode;
}) {
  const [time, setTime] = useState<PageTime>({ zone: serverZone, now: serverNow });
  const revalidator = useRevalidator();
  // Once per page: the zone of the browser does not change while it is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, after hydration
  useEffect(() => {
    const own = browserZone();
    setTime({ zone: own, now: Date.now() });
    if (own !== serverZone) revalidator.revalidate();
    const timer = setInterval(() => setTime((current) => ({ ...current, now: Date.now() })), 1000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (serverZone === browserZone()) delete document.documentElement.dataset.zonePending;
  }, [serverZone]);
  return <Context.Provider value={time}>{children}</Context.Provider>;
}

export const usePageTime = () => useContext(Context);

const formats = new Map<string, Intl.DateTimeFormat>();

/** A cached formatter: building one is slow, and a list draws hundreds of times. */
export function timeFormat(locale: string, zone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    formats.set(key, format);
  }
  return format;
}

const HOUR_MINUTE: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** A kick-off time, hours and minutes in the page's zone; the same width in every zone. */
export function KickOff({ at, className }: { at: number; className?: string }) {
  const { zone } = usePageTime();
  const locale = BCP47[useLocale()];
  return (
    <time dateTime={new Date(at).toISOString()} className={className}>
      {timeFormat(locale, zone, HOUR_MINUTE).format(at)}
    </time>
  );
}

/** A page of scores: its loader's translations, and its zone and clock. */
export function ScoresPage({
  resources,
  zone,
  now,
  children,
}: {
  resources: Namespaces;
  zone: string;
  now: number;
  children: ReactNode;
}) {
  return (
    <RouteTranslations resources={resources}>
      <PageTimeProvider zone={zone} now={now}>
        {children}
      </PageTimeProvider>
    </RouteTranslations>
  );
}
