import { useTranslation } from '../i18n/translations';
import { useToasts } from '../lib/api';

/** Failure toasts of the API client, announced to screen readers. */
export function Toaster() {
  const { t } = useTranslation();
  const { toasts, dismiss } = useToasts();
  return (
    <div
      aria-live="assertive"
      className="pointer-events-none fixed inset-x-0 top-16 z-50 flex flex-col items-center gap-2 px-3"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role="alert"
          className="pointer-events-auto flex max-w-md items-center gap-3 rounded-xl bg-zinc-900/95 px-4 py-3 text-sm text-white shadow-lg"
        >
          <span>{toast.message}</span>
          <button
            type="button"
            onClick={() => dismiss(toast.id)}
            className="ms-auto text-white/70 hover:text-white"
          >
            <span aria-hidden="true">×</span>
            <span className="sr-only">{t('toast.close')}</span>
          </button>
        </div>
      ))}
    </div>
  );
}
