import type { TFunction } from '../../../lib/translate';

/**
 * The name of a period code of the contract (H1, Q3, OT1, T5/B5, INN2, SO1, S2, G3, F4, M1...),
 * for headings and screen readers.
 */
export function periodName(t: TFunction, code: string): string {
  if (code === 'H1' || code === 'H2' || code === 'ET1' || code === 'ET2' || code === 'PEN')
    return t(`match:periods.${code}`);
  const match = /^([A-Z]+)(\d+)$/.exec(code);
  if (!match) return code;
  const [, prefix, number] = match;
  const key = PERIOD_KEYS[prefix as string];
  return key ? t(`match:periods.${key}`, { n: Number(number) }) : code;
}

const PERIOD_KEYS: Record<string, string> = {
  Q: 'quarter',
  OT: 'overtime',
  T: 'top',
  B: 'bottom',
  INN: 'innings',
  SO: 'superOver',
  S: 'set',
  G: 'game',
  F: 'frame',
  M: 'map',
};

/** The short column heading of a period: 1H, 2H... for soccer, OT1 for overtime, else its number. */
export function periodHeading(t: TFunction, code: string): string {
  if (code === 'H1' || code === 'H2' || code === 'ET1' || code === 'ET2' || code === 'PEN')
    return t(`match:short.${code}`);
  if (code.startsWith('OT')) return t('match:short.overtime', { n: Number(code.slice(2)) });
  return code.replace(/^[A-Z]+/, '');
}
