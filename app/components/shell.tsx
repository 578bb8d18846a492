import { lazy, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Tagged } from '../i18n/tagged';
import { useTranslation } from '../i18n/translations';
import { useNetworkState } from '../lib/api';
import { useRootData } from '../lib/root-data';
import { useUser } from '../lib/use-user';
import { useSessionState } from '../state/session-state';
import { NetworkProblem } from './error-page';
import { Icon } from './icon';
import { LanguageSwitcher } from './language-switcher';
import { NAV_SECTIONS, type NavSection } from './nav-sections';
import { ThemeToggle } from './theme-toggle';
import { Toaster } from './toaster';
import { LazyMenu } from './ui';

/** What the root route places in the frame: the features' pieces every page has. */
export interface ShellSlots {
  /** The header's search field. */
  search: ReactNode;
  /** The header's account button. */
  account: ReactNode;
  /** Mounted after the frame on every page: dialogs, and what runs without being seen. */
  extras: ReactNode;
}

/** The page frame: header, content, footer, and the bottom tab bar on phones. */
export function Shell({ children, search, account, extras }: { children: ReactNode } & ShellSlots) {
  const { t } = useTranslation();
  const { networkDown, retryNetwork } = useNetworkState();
  const root = useRootData();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-black"
      >
        {t('skipToContent')}
      </a>
      {root?.sandbox && (
        <p role="note" className="bg-amber-300 px-3 py-1 text-center text-sm font-semibold text-black">
          {t('sandboxRibbon')}
        </p>
      )}
      <Header search={search} account={account} />
      <main id="content" className="mx-auto w-full max-w-7xl flex-1 px-3 pb-24 pt-4 sm:px-6 md:pb-10">
        {networkDown ? <NetworkProblem onRetry={retryNetwork} /> : children}
      </main>
      <Toaster />
      <Footer />
      <BottomTabs />
      {extras}
    </div>
  );
}

/** The sections this visitor may open: role-bound ones only for accounts with the role. */
function useSections(where: 'header' | 'tab'): NavSection[] {
  const roles = useUser()?.roles ?? [];
  return NAV_SECTIONS.filter(
    (section) => section[where] && (!section.roles || section.roles.some((role) => roles.includes(role))),
  );
}

function Header({ search, account }: Pick<ShellSlots, 'search' | 'account'>) {
  const { t } = useTranslation();
  const root = useRootData();
  const sections = useSections('header');
  const [{ boxUrl }] = useSessionState();
  return (
    <header className="sticky top-0 z-40 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/90">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-4 px-3 sm:px-6">
        <Link to={'/'} className="flex shrink-0 items-center gap-2 font-bold">
          <img src={root?.project.logos.mark ?? '/brand/mark.svg'} alt="" width={28} height={28} />
          <span className="text-lg">{t('brand')}</span>
        </Link>
        <HeaderSections sections={sections} boxUrl={boxUrl} />
        <div className="ms-auto flex items-center gap-1">
          {search}
          <Link
            to="/search"
            aria-label={t('search.label')}
            className="hidden rounded-full p-2 text-zinc-600 hover:bg-zinc-100 sm:block 2xl:hidden dark:text-zinc-300 dark:hover:bg-zinc-800"
          >
            <Icon>
              <circle cx="11" cy="11" r="7" />
              <path d="m20 20-3.5-3.5" />
            </Icon>
          </Link>
          <ThemeToggle />
          <LanguageSwitcher />
          {account}
        </div>
      </div>
    </header>
  );
}

const loadNavMoreMenu = () => import('./nav-more-menu').then((module) => ({ default: module.NavMoreMenu }));
const NavMoreMenu = lazy(loadNavMoreMenu);

/**
 * The header's sections in one row. Those that do not fit wrap onto a second row, which is cut off:
 * a section is never cut mid-word, in any language. Once the page runs, the wrapped ones are
 * hidden there and listed under "More".
 */
function HeaderSections({ sections, boxUrl }: { sections: NavSection[]; boxUrl: string }) {
  const { t } = useTranslation();
  const row = useRef<HTMLUListElement>(null);
  const [wrapped, setWrapped] = useState<string[]>([]);
  const shown = sections.map((section) => section.key).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a section more or less (a role's) changes which wrap
  useEffect(() => {
    const list = row.current;
    if (!list) return;
    const measure = () => {
      const items = [...list.children] as HTMLElement[];
      const top = items[0]?.offsetTop ?? 0;
      const next = items.filter((item) => item.offsetTop > top).map((item) => item.dataset.section ?? '');
      setWrapped((current) => (current.join() === next.join() ? current : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    return () => observer.disconnect();
  }, [shown]);
  const linkOf = (section: NavSection) => (section.key === 'blindBox' ? boxUrl : section.path);
  const more = sections
    .filter((section) => wrapped.includes(section.key))
    .map((section) => ({ key: section.key, to: linkOf(section) }));
  return (
    <nav aria-label={t('nav.main')} className="hidden min-w-0 flex-1 items-center gap-1 md:flex">
      <ul
        ref={row}
        className="flex h-8 min-w-0 flex-1 flex-wrap content-start gap-x-1 gap-y-4 overflow-hidden"
      >
        {sections.map((section) => (
          <li
            key={section.key}
            data-section={section.key}
            className={wrapped.includes(section.key) ? 'invisible' : undefined}
          >
            <NavLink
              to={linkOf(section)}
              end={section.path === '/'}
              prefetch="intent"
              className="block whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium text-zinc-600 hover:bg-zinc-100 aria-[current=page]:bg-brand aria-[current=page]:text-white dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              {t(`nav.${section.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
      {/* Its room is kept while nothing wraps, so that showing it never wraps one more section. */}
      <div className={more.length === 0 ? 'invisible' : undefined}>
        <LazyMenu
          load={loadNavMoreMenu}
          menu={(trigger) => <NavMoreMenu sections={more} trigger={trigger} />}
          trigger={
            <button
              type="button"
              className="flex items-center gap-1 whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              {t('nav.more')}
              <Icon size={14}>
                <path d="M6 9l6 6 6-6" />
              </Icon>
            </button>
          }
        />
      </div>
    </nav>
  );
}

function Footer() {
  const { t } = useTranslation();
  const root = useRootData();
  const email = root?.project.contact.complaintEmail ?? '';
  const links = [
    { to: '/about', label: t('footer.about') },
    { to: '/help', label: t('footer.help') },
    { to: '/protocol', label: t('footer.protocols') },
  ];
  return (
    <footer className="border-t border-zinc-200 bg-white pb-20 text-sm text-zinc-600 md:pb-0 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-400">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-3 py-6 sm:px-6">
        <nav aria-label={t('footer.protocols')}>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-brand-ink hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>{t('footer.streamNotice')}</p>
        <p>
          <Tagged
            text={t('footer.complaint', { email })}
            tags={{
              mail: (address) => (
                <a href={`mailto:${email}`} className="text-brand-ink underline underline-offset-2">
                  {address}
                </a>
              ),
            }}
          />
        </p>
        <p>{t('footer.copyright', { year: new Date().getFullYear(), brand: t('brand') })}</p>
      </div>
    </footer>
  );
}

function BottomTabs() {
  const { t } = useTranslation();
  const sections = useSections('tab');
  return (
    <nav
      aria-label={t('nav.tabs')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-zinc-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden dark:border-zinc-800 dark:bg-zinc-900/95"
    >
      <ul className="flex">
        {sections.map((section) => (
          <li key={section.key} className="flex-1">
            <NavLink
              to={section.path}
              end={section.path === '/'}
              prefetch="intent"
              className="flex flex-col items-center gap-0.5 py-2 text-xs text-zinc-500 dark:text-zinc-400 aria-[current=page]:text-brand-ink"
            >
              {section.icon}
              {t(`nav.${section.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
