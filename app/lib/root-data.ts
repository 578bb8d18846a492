import { type AppLoadContext, useRouteLoaderData } from 'react-router';
import type { Locale } from '../../lib/locales';
import type { SignInOptions } from '../../modules/accounts/accounts.contract';
import type { ProjectConfig } from '../../modules/system';
import type { Theme } from './theme';

type Services = AppLoadContext['services'];

/** What the header and the pages need of the signed-in visitor. */
export type SessionUserBasics = Pick<NonNullable<AppLoadContext['user']>, 'uid' | 'username' | 'roles'>;

/**
 * What the root loader hands every page. Declared here rather than read off the loader, so that
 * components can use it without importing root.tsx, which imports them.
 */
export interface RootData {
  locale: Locale;
  dir: 'ltr' | 'rtl';
  /** Undefined follows the system's theme. */
  theme: Theme | undefined;
  /** The visitor as the server knew it: null for a guest, undefined on a page every visitor shares. */
  user: SessionUserBasics | null | undefined;
  /** The project config (spec point 3), with the third-party sign-in this deployment offers. */
  project: ProjectConfig & { signIn: SignInOptions };
  /** The sandbox adapters are on: every page shows the ribbon. */
  sandbox: boolean;
  /** The time zone the page's days and times were rendered in: the `tz` cookie's, or the language's. */
  zone: string;
  /** The nonce the page's policy names (server/plugins/pages.ts): the inline scripts carry it. */
  nonce: string;
  origin: string;
  resources: ReturnType<Services['i18n']['resources']>;
  /** A page step that failed, in the page language. */
  pageError: { status: number; message: string } | undefined;
}

/** The root loader's data; undefined only on an error page rendered before it loaded. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>('root');
}
