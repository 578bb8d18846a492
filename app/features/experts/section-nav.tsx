import { useLocation } from 'react-router';
import { LinkTabs } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';

const VIEWS = [
  { key: 'home', to: '/expert', label: 'title' },
  { key: 'all', to: '/expert/allExperts', label: 'home.allExperts' },
  { key: 'specialist', to: '/expert/specialist', label: 'home.specialists' },
] as const;

/** The expert section's three lists as tabs. */
export function ExpertsTabs() {
  const { t } = useTranslation('experts');
  const { pathname } = useLocation();
  const path = pathname.replace(/^\/[a-z]{2}(_[A-Za-z]{2})?(?=\/expert)/, '');
  return (
    <LinkTabs
      label={t('title')}
      items={VIEWS.map((view) => ({
        key: view.key,
        label: t(view.label),
        to: view.to,
        active: path === view.to,
      }))}
    />
  );
}
