export type Theme = 'light' | 'dark';
export const THEME_COOKIE = 'theme';

/** The visitor's chosen theme from the Cookie header; undefined follows the system. */
export function readTheme(cookieHeader: string | null): Theme | undefined {
  const match = /(?:^|;\s*)theme=(light|dark)(?:;|$)/.exec(cookieHeader ?? '');
  return match?.[1] as Theme | undefined;
}

export function saveTheme(theme: Theme) {
  document.cookie = `${THEME_COOKIE}=${theme}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.dataset.theme = theme;
}
