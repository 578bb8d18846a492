import { useTranslation } from '../../i18n/translations';

/** An audit log action in words; an action without a translation shows its name. */
export function ActionName({ action, details }: { action: string; details: Record<string, unknown> }) {
  const { t } = useTranslation('admin');
  const role = String(details.role);
  return (
    <>{t(`action.${action}`, { defaultValue: action, role: t(`role.${role}`, { defaultValue: role }) })}</>
  );
}
