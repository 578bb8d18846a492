import { useTranslation } from '../../i18n/translations';

/** Whole years from `birthDate` (YYYY-MM-DD) to `now`, as birthdays count them (UTC). */
export function ageOn(birthDate: string, now: number): number {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  const today = new Date(now);
  const hadBirthday =
    today.getUTCMonth() + 1 > month || (today.getUTCMonth() + 1 === month && today.getUTCDate() >= day);
  return today.getUTCFullYear() - year - (hadBirthday ? 0 : 1);
}

/** "24 years": a player's age at the time the page was made. */
export function PlayerAge({ birthDate, now }: { birthDate: string | null; now: number }) {
  const { t } = useTranslation('squads');
  if (!birthDate) return null;
  return <span className="tabular-nums">{t('player.age', { count: ageOn(birthDate, now) })}</span>;
}
