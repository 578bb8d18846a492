import { useSyncExternalStore } from 'react';
import type { Locale } from '../../lib/locales';

/** Chromium's install prompt, held from the moment it fires until the visitor asks to install. */
interface InstallPromptEvent extends Event {
  prompt(): Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** installed: running as the app, or just installed; ready: the browser's prompt can open; manual: install from the browser's menu. */
export type InstallState = 'installed' | 'ready' | 'manual';

let prompt: InstallPromptEvent | null = null;
let installed = false;
let listening = false;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/**
 * Registers the installed app's worker (public/sw.js), which keeps the offline page in the
 * visitor's language, and holds the browser's install prompt for the download page. Not in
 * development, where Vite serves unhashed files.
 */
export function setUpInstallableApp(locale: Locale) {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .register(`/sw.js?locale=${locale}`)
    .catch((err: unknown) => console.warn('the offline page is not available', err));
  if (listening) return;
  listening = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    prompt = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    prompt = null;
    installed = true;
    changed();
  });
}

function currentState(): InstallState {
  if (installed || matchMedia('(display-mode: standalone)').matches) return 'installed';
  return prompt ? 'ready' : 'manual';
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentState,
    () => 'manual',
  );
}

/** Opens the browser's install prompt (only in the 'ready' state). */
export async function installApp() {
  const held = prompt;
  if (!held) return;
  prompt = null;
  const { outcome } = await held.prompt();
  installed = outcome === 'accepted';
  changed();
}
