import type { ReactNode } from 'react';
import type { Role } from '../../platform/sessions';
import { Icon } from './icon';

/**
 * The header sections of spec point 2 that exist so far, in header order. A section is listed
 * here when its domain lands; nothing links to a page that does not exist yet.
 */
export interface NavSection {
  key:
    | 'home'
    | 'matches'
    | 'news'
    | 'video'
    | 'live'
    | 'experts'
    | 'dataCentre'
    | 'creatorCentre'
    | 'blindBox'
    | 'download'
    | 'posts'
    | 'me';
  /** Where it leads; the blind box section leads to the session's `boxUrl` instead. */
  path: string;
  /** Where it shows: the desktop header, the phone's bottom tab bar. */
  header: boolean;
  tab: boolean;
  /** Shown only to accounts with one of these roles. */
  roles?: Role[];
  icon: ReactNode;
}

export const NAV_SECTIONS: NavSection[] = [
  {
    key: 'home',
    path: '/',
    header: true,
    tab: true,
    icon: (
      <Icon size={22}>
        <path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
      </Icon>
    ),
  },
  {
    key: 'matches',
    path: '/match',
    header: true,
    tab: true,
    icon: (
      <Icon size={22}>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7l4 3-1.5 4.5h-5L8 10zM12 3v4M21 10.5l-5-.5M17.5 19.5l-3-5M6.5 19.5l3-5M3 10.5l5-.5" />
      </Icon>
    ),
  },
  {
    // The first game of the catalogue; the page has tabs for the others.
    key: 'news',
    path: '/news/soccer',
    header: true,
    tab: false,
    icon: (
      <Icon size={22}>
        <path d="M5 4h11v16H6a2 2 0 0 1-2-2V5a1 1 0 0 1 1-1zM16 8h3a1 1 0 0 1 1 1v9a2 2 0 0 1-4 0M8 8h4M8 12h4M8 16h4" />
      </Icon>
    ),
  },
  {
    key: 'video',
    path: '/videos/soccer',
    header: true,
    tab: false,
    icon: (
      <Icon size={22}>
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="M10 9l5 3-5 3z" />
      </Icon>
    ),
  },
  {
    key: 'live',
    path: '/live',
    header: true,
    tab: true,
    icon: (
      <Icon size={22}>
        <rect x="3" y="7" width="18" height="13" rx="2" />
        <path d="M8 3l4 4 4-4M10 11v5l4-2.5z" />
      </Icon>
    ),
  },
  {
    key: 'experts',
    path: '/expert',
    header: true,
    tab: true,
    icon: (
      <Icon size={22}>
        <path d="M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z" />
      </Icon>
    ),
  },
  {
    key: 'dataCentre',
    path: '/leagueLibrary',
    header: true,
    tab: false,
    icon: (
      <Icon size={22}>
        <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
      </Icon>
    ),
  },
  {
    key: 'creatorCentre',
    path: '/creatorCenter',
    header: true,
    tab: false,
    roles: ['expert', 'admin', 'promoter'],
    icon: (
      <Icon size={22}>
        <path d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4" />
      </Icon>
    ),
  },
  {
    key: 'blindBox',
    path: '/mall/blindBox',
    header: true,
    tab: false,
    icon: (
      <Icon size={22}>
        <path d="M3 9h18v4H3zM5 13v8h14v-8M12 9v12M12 9c-2-4-6-4-6-1.5S9 9 12 9zm0 0c2-4 6-4 6-1.5S15 9 12 9z" />
      </Icon>
    ),
  },
  {
    key: 'download',
    path: '/download',
    header: true,
    tab: false,
    icon: (
      <Icon size={22}>
        <path d="M12 3v12m0 0l-5-5m5 5l5-5M4 19h16" />
      </Icon>
    ),
  },
  {
    // A user's published articles and videos; a guest is asked to log in.
    key: 'posts',
    path: '/userInfo/userNews',
    header: true,
    tab: false,
    icon: (
      <Icon size={22}>
        <path d="M5 4h11l3 3v13H5z" />
        <path d="M8 10h8M8 14h8M8 18h5" />
      </Icon>
    ),
  },
  {
    // On desktop the header's account menu leads there.
    key: 'me',
    path: '/userInfo',
    header: false,
    tab: true,
    icon: (
      <Icon size={22}>
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" />
      </Icon>
    ),
  },
];
