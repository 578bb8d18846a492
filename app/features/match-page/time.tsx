import { BCP47 } from '../../../lib/locales';
import { useLocale } from '../../lib/use-locale';
import { timeFormat, usePageTime } from '../matches';

export const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
export const SHORT_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };

/** The page's language as a BCP-47 tag, for Intl formatters. */
export const useBcp47 = () => BCP47[useLocale()];

/** A moment in the page's time zone (the visitor's) and language. */
export function MatchTime({ at, options }: { at: number; options: Intl.DateTimeFormatOptions }) {
  const { zone } = usePageTime();
  return (
    <time dateTime={new Date(at).toISOString()}>{timeFormat(useBcp47(), zone, options).format(at)}</time>
  );
}
