import type { ReactNode } from 'react';
import { Icon } from './icon';

/**
 * The header sections of spec point 2 that exist so far, in header order. A section is listed
 * here when its domain lands; nothing links to a page that does not exist yet.
 */
export interface NavSection {
  key: 'home' | 'download';
  path: string;
  /** Shown in the phone's bottom tab bar. */
  tab: boolean;
  icon: ReactNode;
}

export const NAV_SECTIONS: NavSection[] = [
  {
    key: 'home',
    path: '/',
    tab: true,
    icon: (
      <Icon size={22}>
        <path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
      </Icon>
    ),
  },
  {
    key: 'download',
    path: '/download',
    tab: true,
    icon: (
      <Icon size={22}>
        <path d="M12 3v12m0 0l-5-5m5 5l5-5M4 19h16" />
      </Icon>
    ),
  },
];
