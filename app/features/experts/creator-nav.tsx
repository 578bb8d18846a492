import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** The creator centre's views; an account that is not an expert yet sees only the application. */
const VIEWS = [
  { key: 'board', path: '/creatorCenter', expert: true },
  { key: 'dataShow', path: '/creatorCenter/dataShow', expert: true },
  { key: 'plans', path: '/creatorCenter/progManage', expert: true },
  { key: 'compose', path: '/creatorCenter/progComponent', expert: true },
  { key: 'article', path: '/creatorCenter/postArticle', expert: true },
  { key: 'revenue', path: '/creatorCenter/revenue', expert: true },
  { key: 'apply', path: '/creatorCenter/apply', expert: false },
] as const;

/** A sidebar on desktop, a row that scrolls sideways on a phone. */
export function CreatorNav({ isExpert }: { isExpert: boolean }) {
  const { t } = useTranslation('experts');
  return (
    <nav aria-label={t('creator.title')} className="min-w-0 md:w-52 md:shrink-0">
      <ul className="flex gap-1 overflow-x-auto [scrollbar-width:none] md:flex-col md:rounded-2xl md:bg-white md:p-2 md:shadow-sm md:dark:bg-zinc-900">
        {VIEWS.filter((view) => isExpert || !view.expert).map((view) => (
          <li key={view.key} className="shrink-0">
            <NavLink
              to={view.path}
              end
              className="block whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium text-zinc-600 hover:bg-zinc-100 aria-[current=page]:bg-brand aria-[current=page]:text-white md:rounded-xl md:py-2 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              {t(`creator.nav.${view.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
