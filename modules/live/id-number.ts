import { ANCHOR_MIN_AGE, type IdDocumentType } from './live.contract';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARACTERS = '10X98765432';

/** A real calendar day as YYYY-MM-DD, or null. */
function calendarDay(year: string, month: string, day: string): string | null {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const iso = date.toISOString().slice(0, 10);
  return iso === `${year}-${month}-${day}` ? iso : null;
}

/**
 * The birth date of a mainland resident ID (GB 11643: 17 digits, the birth date at 7-14, and a
 * check character over them), or null when the number is not a valid one.
 */
export function residentIdBirthDate(idNumber: string): string | null {
  const id = idNumber.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return null;
  const sum = WEIGHTS.reduce((total, weight, i) => total + weight * Number(id[i]), 0);
  if (CHECK_CHARACTERS[sum % 11] !== id[17]) return null;
  return calendarDay(id.slice(6, 10), id.slice(10, 12), id.slice(12, 14));
}

/** Whole years from the birth date to `now`. */
export function ageOn(birthDate: string, now: Date): number {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  const birthdayPassed =
    now.getUTCMonth() + 1 > month || (now.getUTCMonth() + 1 === month && now.getUTCDate() >= day);
  return now.getUTCFullYear() - year - (birthdayPassed ? 0 : 1);
}

/**
 * Checks an applicant's document: the birth date it gives (the resident ID's own, else the one
 * sent), or the rule it breaks: 'idNumberInvalid' (bad number or date) or 'anchorAgeRule' (under 18).
 */
export function checkIdDocument(
  documentType: IdDocumentType,
  idNumber: string,
  birthDate: string | null | undefined,
  now: Date,
): { birthDate: string } | { rule: 'idNumberInvalid' | 'anchorAgeRule' } {
  const born =
    documentType === 'resident'
      ? residentIdBirthDate(idNumber)
      : birthDate && /^[A-Za-z0-9-]{5,30}$/.test(idNumber)
        ? calendarDay(birthDate.slice(0, 4), birthDate.slice(5, 7), birthDate.slice(8, 10))
        : null;
  if (!born || new Date(born).getTime() > now.getTime()) return { rule: 'idNumberInvalid' };
  if (ageOn(born, now) < ANCHOR_MIN_AGE) return { rule: 'anchorAgeRule' };
  return { birthDate: born };
}
