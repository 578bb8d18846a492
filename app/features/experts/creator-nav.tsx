import { NavLink } from 'react-router';
import { useTranslation } from '../../i18n/translations';

/**
 * The creator centre's views; an account that is not an expert yet sees only the application. A
 * promoter also finds their promotion channels and user management here (spec point 2).
 */
const VIEWS = [
  { key: 'board', path: '/creatorCenter', for: 'expert', label: 'creator.nav.board' },
  { key: 'dataShow', path: '/creatorCenter/dataShow', for: 'expert', label: 'creator.nav.dataShow' },
  { key: 'plans', path: '/creatorCenter/progManage', for: 'expert', label: 'creator.nav.plans' },
  { key: 'compose', path: '/creatorCenter/progComponent', for: 'expert', label: 'creator.nav.compose' },
  { key: 'article', path: '/creatorCenter/postArticle', for: 'expert', label: 'creator.nav.article' },
  { key: 'revenue', path: '/creatorCenter/revenue', for: 'expert', label: 'creator.nav.revenue' },
  { key: 'channels', path: '/channel', for: 'promoter', label: 'channels:nav.title' },
  { key: 'channelUsers', path: '/channel/user', for: 'promoter', label: 'channels:nav.userManagement' },
  { key: 'apply', path: '/creatorCenter/apply', for: 'everyone', label: 'creator.nav.apply' },
] as const;

/** A sidebar on desktop, a row that scrolls sideways on a phone. */
export function CreatorNav({ isExpert, isPromoter }: { isExpert: boolean; isPromoter: boolean }) {
  const { t } = useTranslation('experts');
  const shown = (view: (typeof VIEWS)[number]) =>
    view.for === 'everyone' || (view.for === 'expert' ? isExpert : isPromoter);
  return (
    <nav aria-label={t('creator.title')} className="min-w-0 md:w-52 md:shrink-0">
      <ul className="flex gap-1 overflow-x-auto [scrollbar-width:none] md:flex-col md:rounded-2xl md:bg-white md:p-2 md:shadow-sm md:dark:bg-zinc-900">
        {VIEWS.filter(shown).map((view) => (
          <li key={view.key} className="shrink-0">
            <NavLink
              to={view.path}
              end
              className="block whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium text-zinc-600 hover:bg-zinc-100 aria-[current=page]:bg-brand aria-[current=page]:text-white md:rounded-xl md:py-2 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              {t(view.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
