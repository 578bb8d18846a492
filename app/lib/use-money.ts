import { useMemo } from 'react';
import { BCP47 } from '../../lib/locales';
import { useLocale } from './use-locale';

/** Amounts and dates of the wallet, formatted in the page language. */
export function useMoney() {
  const locale = BCP47[useLocale()];
  return useMemo(() => {
    const whole = new Intl.NumberFormat(locale);
    const currency = (code: string) => new Intl.NumberFormat(locale, { style: 'currency', currency: code });
    const cny = currency('CNY');
    const usd = currency('USD');
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    return {
      count: (value: number) => whole.format(value),
      cny: (fen: number) => cny.format(fen / 100),
      usd: (cents: number) => usd.format(cents / 100),
      date: (iso: string) => day.format(new Date(iso)),
    };
  }, [locale]);
}
