import type { ReactNode } from 'react';
import { Icon } from '../../components/icon';

/**
 * The sections of the admin console, in sidebar order. A domain with a review queue adds its
 * entry here (label and description under `sections.<key>` in the admin translations) when its
 * page exists; nothing links to a page that does not.
 */
export interface AdminSection {
  key: string;
  path: string;
  icon: ReactNode;
}

export const ADMIN_SECTIONS: AdminSection[] = [
  {
    key: 'users',
    path: '/admin/users',
    icon: (
      <Icon>
        <circle cx="9" cy="8" r="3.5" />
        <path d="M2.5 20c.8-3.6 3.4-5.5 6.5-5.5s5.7 1.9 6.5 5.5M16 4.8a3.5 3.5 0 0 1 0 6.4M18 14.8c1.8.8 3 2.5 3.5 5.2" />
      </Icon>
    ),
  },
  {
    key: 'articles',
    path: '/admin/articles',
    icon: (
      <Icon>
        <path d="M5 4h11v16H6a2 2 0 0 1-2-2V5a1 1 0 0 1 1-1zM16 8h3a1 1 0 0 1 1 1v9a2 2 0 0 1-4 0M8 8h4M8 12h4" />
      </Icon>
    ),
  },
  {
    key: 'videos',
    path: '/admin/videos',
    icon: (
      <Icon>
        <rect x="3" y="5" width="18" height="14" rx="2" />
        <path d="M10 9v6l5-3z" />
      </Icon>
    ),
  },
  {
    key: 'reports',
    path: '/admin/reports',
    icon: (
      <Icon>
        <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
      </Icon>
    ),
  },
  {
    key: 'expertApplications',
    path: '/admin/expertApplications',
    icon: (
      <Icon>
        <circle cx="10" cy="8" r="3.5" />
        <path d="M3.5 20c.8-3.6 3.4-5.5 6.5-5.5 1.4 0 2.7.4 3.8 1.1M15 18l2 2 4-4" />
      </Icon>
    ),
  },
  {
    key: 'expertPlans',
    path: '/admin/expertPlans',
    icon: (
      <Icon>
        <path d="M6 3h12v18l-6-4-6 4z" />
        <path d="M9 9l2 2 4-4" />
      </Icon>
    ),
  },
  {
    key: 'memberships',
    path: '/admin/memberships',
    icon: (
      <Icon>
        <path d="M3 8l4 4 5-7 5 7 4-4-2 11H5z" />
      </Icon>
    ),
  },
  {
    key: 'anchors',
    path: '/admin/anchors',
    icon: (
      <Icon>
        <rect x="3" y="7" width="18" height="13" rx="2" />
        <path d="M8 3l4 4 4-4" />
      </Icon>
    ),
  },
  {
    key: 'mallGoods',
    path: '/admin/mall/goods',
    icon: (
      <Icon>
        <path d="M4 9h16l-1 11H5zM8 9V7a4 4 0 0 1 8 0v2" />
      </Icon>
    ),
  },
  {
    key: 'mallOrders',
    path: '/admin/mall/orders',
    icon: (
      <Icon>
        <rect x="5" y="3" width="14" height="18" rx="2" />
        <path d="M9 8h6M9 12h6M9 16h3" />
      </Icon>
    ),
  },
  {
    key: 'mallBoxes',
    path: '/admin/mall/boxes',
    icon: (
      <Icon>
        <path d="M3 9h18v4H3zM5 13v8h14v-8M12 9v12" />
      </Icon>
    ),
  },
  {
    key: 'gifts',
    path: '/admin/gifts',
    icon: (
      <Icon>
        <path d="M4 11h16v10H4zM3 7h18v4H3zM12 7v14M12 7c-1.5-3.5-5.5-3.5-5.5-1S9 7 12 7zM12 7c1.5-3.5 5.5-3.5 5.5-1S15 7 12 7z" />
      </Icon>
    ),
  },
  {
    key: 'payments',
    path: '/admin/payments',
    icon: (
      <Icon>
        <rect x="3" y="6" width="18" height="13" rx="2" />
        <path d="M3 10h18M7 15h4" />
      </Icon>
    ),
  },
  {
    key: 'audit',
    path: '/admin/audit',
    icon: (
      <Icon>
        <path d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z" />
        <path d="M9 12l2 2 4-4" />
      </Icon>
    ),
  },
  {
    key: 'channels',
    path: '/admin/channels',
    icon: (
      <Icon>
        <path d="M4 14V10l12-5v14L4 14zM8 15l1 5h3l-1-4.2M19 9.5a3 3 0 0 1 0 5" />
      </Icon>
    ),
  },
  {
    key: 'settings',
    path: '/admin/settings',
    icon: (
      <Icon>
        <circle cx="12" cy="12" r="3" />
        <path d="M12 2v3M12 19v3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M2 12h3M19 12h3M4.9 19.1 7 17M17 7l2.1-2.1" />
      </Icon>
    ),
  },
];
