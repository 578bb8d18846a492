import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { Icon } from '../../components/icon';
import { useTranslation } from '../../i18n/translations';

/**
 * The sub-views of /userInfo that exist so far.
 */
const SECTIONS: {
  key:
    | 'home'
    | 'info'
    | 'focus'
    | 'reservations'
    | 'posts'
    | 'favourites'
    | 'water'
    | 'send'
    | 'plans'
    | 'vip'
    | 'exchange'
    | 'myOrder'
    | 'preferences'
    | 'setting';
  path: string;
  icon: ReactNode;
}[] = [
  {
    key: 'home',
    path: '/userInfo',
    icon: (
      <>
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
      </>
    ),
  },
  {
    key: 'info',
    path: '/userInfo/info',
    icon: (
      <>
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="M7 10h5M7 14h8" />
      </>
    ),
  },
  {
    key: 'focus',
    path: '/userInfo/focus',
    icon: <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />,
  },
  {
    key: 'reservations',
    path: '/userInfo/reservations',
    icon: (
      <>
        <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15z" />
        <path d="M10 20.5a2 2 0 0 0 4 0" />
      </>
    ),
  },
  {
    key: 'posts',
    path: '/userInfo/userPost',
    icon: (
      <>
        <path d="M5 4h11l3 3v13H5z" />
        <path d="M8 10h8M8 14h8M8 18h5" />
      </>
    ),
  },
  {
    key: 'favourites',
    path: '/userInfo/favourites',
    icon: <path d="M12 3.5l2.6 5.3 5.9.9-4.2 4.1 1 5.8-5.3-2.8-5.3 2.8 1-5.8-4.2-4.1 5.9-.9z" />,
  },
  {
    key: 'water',
    path: '/userInfo/water',
    icon: (
      <>
        <circle cx="12" cy="12" r="8" />
        <path d="M12 8v8M9.5 10.5h4a1.5 1.5 0 0 1 0 3h-3a1.5 1.5 0 0 0 0 3h4" />
      </>
    ),
  },
  {
    key: 'send',
    path: '/userInfo/send',
    icon: (
      <>
        <rect x="4" y="9" width="16" height="11" rx="1" />
        <path d="M12 9v11M3 9h18M12 9c-2-4-6-4-6-1.5S10 9 12 9c2 0 6 .5 6-1.5S14 5 12 9" />
      </>
    ),
  },
  {
    key: 'plans',
    path: '/userInfo/plans',
    icon: (
      <>
        <path d="M6 3h12v18l-6-4-6 4z" />
        <path d="M9 8h6M9 12h4" />
      </>
    ),
  },
  {
    key: 'vip',
    path: '/userInfo/vip',
    icon: <path d="M3 8l4 4 5-7 5 7 4-4-2 11H5z" />,
  },
  {
    key: 'exchange',
    path: '/userInfo/exchange',
    icon: <path d="M4 9h16l-1 11H5zM8 9V7a4 4 0 0 1 8 0v2" />,
  },
  {
    key: 'myOrder',
    path: '/userInfo/myOrder',
    icon: (
      <>
        <rect x="5" y="3" width="14" height="18" rx="2" />
        <path d="M9 8h6M9 12h6M9 16h3" />
      </>
    ),
  },
  {
    key: 'preferences',
    path: '/userInfo/preferences',
    icon: (
      <>
        <path d="M4 7h10M18 7h2M4 17h4M12 17h8" />
        <circle cx="16" cy="7" r="2" />
        <circle cx="10" cy="17" r="2" />
      </>
    ),
  },
  {
    key: 'setting',
    path: '/userInfo/setting',
    icon: <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z" />,
  },
];

/** Desktop: the sub-views as tabs above the page. */
export function UserTabs() {
  const { t } = useTranslation('user');
  return (
    <nav aria-label={t('nav.label')} className="hidden md:block">
      <ul className="flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800">
        {SECTIONS.map((section) => (
          <li key={section.key} className="shrink-0">
            <NavLink
              to={section.path}
              end
              prefetch="intent"
              className="-mb-px flex items-center gap-2 border-b-2 border-transparent px-3 py-2.5 text-sm whitespace-nowrap font-medium text-zinc-600 hover:text-zinc-900 aria-[current=page]:border-brand aria-[current=page]:text-zinc-900 dark:text-zinc-400 dark:hover:text-white dark:aria-[current=page]:text-white"
            >
              <Icon size={16}>{section.icon}</Icon>
              {t(`nav.${section.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Phone: the sub-views as a list on the personal page, each with what it holds. */
export function UserSectionList() {
  const { t } = useTranslation('user');
  return (
    <nav aria-label={t('nav.label')} className="md:hidden">
      <ul className="divide-y divide-zinc-100 overflow-hidden rounded-2xl bg-white shadow-sm dark:divide-zinc-800 dark:bg-zinc-900">
        {SECTIONS.filter((section) => section.key !== 'home').map((section) => (
          <li key={section.key}>
            <Link
              to={section.path}
              prefetch="intent"
              className="flex items-center gap-3 px-4 py-3.5 hover:bg-zinc-50 dark:hover:bg-zinc-800"
            >
              <span className="flex size-9 items-center justify-center rounded-full bg-brand/10 text-brand-ink">
                <Icon size={18}>{section.icon}</Icon>
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-medium">{t(`nav.${section.key}`)}</span>
                <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">
                  {t(`nav.${section.key}Hint`)}
                </span>
              </span>
              <Icon size={16} className="text-zinc-400 rtl:rotate-180">
                <path d="M9 6l6 6-6 6" />
              </Icon>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
