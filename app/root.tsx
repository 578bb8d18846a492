import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { BCP47, DEFAULT_LOCALE, textDirection } from '../lib/locales';
import type { Route } from './+types/root';
import './app.css';
import { ErrorPage, NetworkProblem } from './components/error-page';
import { Shell } from './components/shell';
import { AccountMenu, LoginDialog } from './features/accounts';
import { ChannelAttribution } from './features/channels';
import { SearchBox } from './features/search';
import { pageTranslations, TranslationsProvider } from './i18n/translations';
import { ApiProvider } from './lib/api';
import { TZ_COOKIE, zoneFromCookie } from './lib/days';
import { setUpInstallableApp } from './lib/installable-app';
import { PreferencesProvider } from './lib/preferences';
import type { RootData } from './lib/root-data';
import { USER_COOKIE } from './lib/session';
import { readTheme } from './lib/theme';
import { useUser } from './lib/use-user';
import { SessionStateProvider } from './state/session-state';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { services, locale, user, shared, pageError } = context;
  const payload: RootData = {
    locale,
    dir: textDirection(locale),
    theme: readTheme(request.headers.get('cookie')),
    user: shared ? undefined : user && { uid: user.uid, username: user.username, roles: user.roles },
    project: { ...(await services.project.get()), signIn: services.signInOptions },
    sandbox: services.devAdapters,
    zone: zoneFromCookie(request.headers.get('cookie'), locale),
    nonce: context.cspNonce,
    origin: services.env.PUBLIC_URL ?? new URL(request.url).origin,
    resources: services.i18n.resources(locale, ['common', 'games', 'messages', 'login']),
    pageError: pageError && {
      status: pageError.status,
      message: services.i18n.t(locale, pageError.key, pageError.params),
    },
  };
  return data(payload, { status: pageError?.status ?? 200 });
}

/** The root data (language, user, config) changes only after a form was sent or when asked to reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (formMethod || currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false);

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const locale = root?.locale ?? DEFAULT_LOCALE;
  const dark = root?.theme === 'dark';
  // Marks the page as running (hydrated), so browser checks know when it answers to clicks, and
  // the location it has drawn, so they know when a navigation inside the page is on screen.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const { key } = useLocation();
  useEffect(() => {
    document.documentElement.dataset.location = key;
  }, [key]);
  return (
    <html
      lang={BCP47[locale]}
      dir={textDirection(locale)}
      className={dark ? 'dark' : undefined}
      data-theme={root?.theme ?? 'system'}
      data-zone={root?.zone}
      suppressHydrationWarning
      style={root ? ({ '--brand': root.project.themeColor } as React.CSSProperties) : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={root?.project.themeColor ?? '#d9381f'} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/brand/icon-192.png" />
        <link rel="manifest" href={`/manifest.webmanifest?locale=${locale}`} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, no user input */}
        <script nonce={root?.nonce} dangerouslySetInnerHTML={{ __html: NO_EVAL_SCRIPT }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, no user input */}
        <script nonce={root?.nonce} dangerouslySetInnerHTML={{ __html: ZONE_SCRIPT }} />
        {root && root.user === undefined && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, no user input
          <script nonce={root.nonce} dangerouslySetInnerHTML={{ __html: SESSION_HINT_SCRIPT }} />
        )}
        {root?.theme === undefined && (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: a constant of ours, no user input
          <script nonce={root?.nonce} dangerouslySetInnerHTML={{ __html: SYSTEM_THEME_SCRIPT }} />
        )}
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration nonce={root?.nonce} />
        <Scripts nonce={root?.nonce} />
      </body>
    </html>
  );
}

/**
 * The pages' policy allows no eval, and zod probes for it (a reported violation) as soon as a
 * module makes a schema: its global settings, read by every copy of it, say not to, before any
 * module runs.
 */
const NO_EVAL_SCRIPT = 'globalThis.__zod_globalConfig={jitless:true}';

/**
 * A page every visitor shares was rendered for a guest: before the first paint, a saved user turns
 * its login button into a placeholder with the saved name (app.css, account-menu.tsx) until the
 * page runs and shows who it is.
 */
const SESSION_HINT_SCRIPT = `var m=document.cookie.match(/(?:^|; )${USER_COOKIE}=([^;]*)/);if(m){var h=document.documentElement;h.dataset.session='user';try{var n=JSON.parse(decodeURIComponent(m[1])).username;if(typeof n==='string')h.style.setProperty('--session-name',JSON.stringify(n))}catch(e){}}`;

/**
 * Before the first paint: the browser's time zone goes into the `tz` cookie, so that the server
 * renders the next pages in it; when this page was rendered in another zone (a first visit, in the
 * language's zone), what depends on the day and the hour stays hidden (app.css) until the page has
 * its data for the browser's zone (app/features/matches/time.tsx).
 */
const ZONE_SCRIPT = `var h=document.documentElement,z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(z&&z!==h.dataset.zone){h.dataset.zonePending='';document.cookie='${TZ_COOKIE}='+encodeURIComponent(z)+'; path=/; max-age=31536000; samesite=lax'}`;

/** Without a chosen theme, follow the system's before the first paint. */
const SYSTEM_THEME_SCRIPT =
  "if(matchMedia('(prefers-color-scheme: dark)').matches)document.documentElement.classList.add('dark')";

function Providers({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>('root');
  const locale = root?.locale ?? DEFAULT_LOCALE;
  const translations = useMemo(
    () => pageTranslations(locale, root?.resources ?? {}),
    [locale, root?.resources],
  );
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } }),
  );
  return (
    <TranslationsProvider value={translations}>
      <QueryClientProvider client={queryClient}>
        <ApiProvider>
          <SessionStateProvider>
            <PreferencesProvider>{children}</PreferencesProvider>
          </SessionStateProvider>
        </ApiProvider>
      </QueryClientProvider>
    </TranslationsProvider>
  );
}

// Only signed-in visitors have reservations and followed matches: their alerts load for them alone.
const ReservationAlerts = lazy(() =>
  import('./features/matches').then((module) => ({ default: module.ReservationAlerts })),
);
const GoalSound = lazy(() => import('./features/matches').then((module) => ({ default: module.GoalSound })));

/** What every page mounts besides its content. */
function FrameExtras() {
  const signedIn = Boolean(useUser());
  return (
    <>
      <LoginDialog />
      <ChannelAttribution />
      {signedIn && (
        <Suspense>
          <ReservationAlerts />
          <GoalSound />
        </Suspense>
      )}
    </>
  );
}

/** The shell with the features' pieces in its slots. */
function Frame({ children }: { children: ReactNode }) {
  return (
    <Shell
      search={<SearchBox className="hidden w-56 2xl:block" />}
      account={<AccountMenu />}
      extras={<FrameExtras />}
    >
      {children}
    </Shell>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useEffect(() => setUpInstallableApp(loaderData.locale), [loaderData.locale]);
  return (
    <Providers>
      <Frame>
        {loaderData.pageError ? (
          <ErrorPage status={loaderData.pageError.status} message={loaderData.pageError.message} />
        ) : (
          <Outlet />
        )}
      </Frame>
    </Providers>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof loader>('root');
  const page = isRouteErrorResponse(error) ? (
    <ErrorPage status={error.status} message={typeof error.data === 'string' ? error.data : undefined} />
  ) : isNetworkFailure(error) ? (
    <NetworkProblem />
  ) : (
    <ErrorPage status={500} />
  );
  if (!root) return <Providers>{page}</Providers>;
  return (
    <Providers>
      <Frame>{page}</Frame>
    </Providers>
  );
}

function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && /fetch|network/i.test(error.message);
}
