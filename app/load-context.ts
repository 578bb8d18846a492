import type { AppError } from '../lib/errors';
import type { Locale } from '../lib/locales';
import type { SessionUser } from '../platform/sessions';
import type { Services } from '../server/services';

/** What the server hands every loader and action: the shared services and the page steps' results. */
declare module 'react-router' {
  interface AppLoadContext {
    services: Services;
    locale: Locale;
    /** The signed-in visitor; null for a guest and on a page every visitor shares. */
    user: SessionUser | null;
    /** The page is one every visitor shares (app/lib/page-handle.ts): rendered without a visitor. */
    shared: boolean;
    /** A page step that failed; the root loader turns it into the error page. */
    pageError?: AppError;
    /** This render's Content-Security-Policy nonce, for the inline scripts of the page. */
    cspNonce: string;
  }
}

export type { AppLoadContext } from 'react-router';
