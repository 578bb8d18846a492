import { useMemo } from 'react';
import { BCP47 } from '../../../lib/locales';
import { useLocale } from '../../lib/use-locale';

/** Percentages (hit rate, ROI) and signed units, in the page language with tabular figures. */
export function useStatFormat() {
  const locale = BCP47[useLocale()];
  return useMemo(() => {
    const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    const signed = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, signDisplay: 'exceptZero' });
    return {
      percent: (value: number) => `${percent.format(value)}%`,
      signedPercent: (value: number) => `${signed.format(value)}%`,
      units: (value: number) => signed.format(value),
    };
  }, [locale]);
}

/** Green for a gain, red for a loss, plain for nothing. */
export function signClass(value: number): string {
  if (value > 0) return 'text-emerald-700 dark:text-emerald-400';
  if (value < 0) return 'text-red-600 dark:text-red-400';
  return '';
}
