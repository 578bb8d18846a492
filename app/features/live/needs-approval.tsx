import { Link } from 'react-router';
import { buttonClass, EmptyState } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';

/** An anchor centre view the caller may not use yet: only approved anchors may; the way is the application. */
export function NeedsApproval() {
  const { t } = useTranslation('live');
  return (
    <EmptyState
      title={t('center.needApproval')}
      action={
        <Link to="/anchorCenter" className={buttonClass.secondary}>
          {t('center.apply')}
        </Link>
      }
    />
  );
}
