import { useTranslation } from '../../i18n/translations';

/**
 * An audit log action in words; an action without a translation shows its name. An action on a
 * payment order (a refund) names the order, so that it can be looked up.
 */
export function ActionName({ action, details }: { action: string; details: Record<string, unknown> }) {
  const { t } = useTranslation('admin');
  const role = String(details.role);
  const orderNo = typeof details.orderNo === 'string' ? details.orderNo : null;
  return (
    <>
      {t(`action.${action}`, { defaultValue: action, role: t(`role.${role}`, { defaultValue: role }) })}
      {orderNo && (
        <span className="block text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
          {t('audit.order', { orderNo })}
        </span>
      )}
    </>
  );
}
