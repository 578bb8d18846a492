import { useSyncExternalStore } from 'react';
import { BCP47 } from '../../../lib/locales';
import { useLocale } from '../../lib/use-locale';

const noSubscription = () => () => {};

/** False while the server's HTML is hydrated, true after: what differs between the two waits for it. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** The formats by language and zone, made once: making one costs more than formatting with it. */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(bcp47: string, utc: boolean): Intl.DateTimeFormat {
  const key = `${bcp47}|${utc}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(bcp47, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      ...(utc ? { timeZone: 'UTC', timeZoneName: 'short' } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * A moment in the visitor's time zone. The server cannot know that zone, so the first render
 * says UTC and the browser switches to local time once hydrated.
 */
export function DateTime({ value }: { value: string }) {
  const locale = useLocale();
  const hydrated = useHydrated();
  const text = formatOf(BCP47[locale], !hydrated).format(new Date(value));
  return <time dateTime={value}>{text}</time>;
}

/** A date (registration, a follow) as the day it happened, in the page language. */
export function formatDay(iso: string, bcp47: string): string {
  return new Intl.DateTimeFormat(bcp47, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));
}
