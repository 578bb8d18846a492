const KEY = 'chunkReloadAt';
const GUARD_MS = 60_000;

/** Whether a reload is allowed now: at most one a minute, so a broken deploy cannot loop. */
export function mayReload(now: number, lastReload: number | null): boolean {
  return lastReload === null || now - lastReload >= GUARD_MS;
}

/** A script chunk that fails to load (usually a new deploy) reloads the page once. */
export function installChunkReloadGuard() {
  const reloadOnce = () => {
    const last = Number(sessionStorage.getItem(KEY)) || null;
    if (!mayReload(Date.now(), last)) return;
    sessionStorage.setItem(KEY, String(Date.now()));
    window.location.reload();
  };
  window.addEventListener('vite:preloadError', reloadOnce);
  window.addEventListener('unhandledrejection', (event) => {
    const message = String((event.reason as Error | undefined)?.message ?? '');
    if (
      /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
        message,
      )
    ) {
      reloadOnce();
    }
  });
}
