import { useTranslation } from '../../../i18n/translations';
import type { ConnectionStatus } from './connection';

const DOT: Record<ConnectionStatus, string> = {
  connecting: 'bg-zinc-400 animate-pulse',
  connected: 'bg-emerald-500',
  reconnecting: 'bg-amber-500 animate-pulse',
  offline: 'bg-red-500',
};

/** A small badge saying whether scores are arriving live; announced politely when it changes. */
export function ConnectionState({ status }: { status: ConnectionStatus }) {
  const { t } = useTranslation('matches');
  return (
    <span
      role="status"
      data-status={status}
      className="inline-flex items-center gap-1.5 rounded-full border border-zinc-200 px-2 py-0.5 text-xs text-zinc-600 dark:border-zinc-700 dark:text-zinc-300"
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${DOT[status]}`} />
      {t(`connection.${status}`)}
    </span>
  );
}
