import type { ReactNode } from 'react';
import { UserAvatar } from '../../components/user-avatar';
import { useTranslation } from '../../i18n/translations';

/** A user's head card: avatar, name, level, id and signature, with the page's own actions. */
export function ProfileCard({
  user,
  actions,
  children,
}: {
  user: { uid: number; username: string; avatar: string | null; signature: string; level: number };
  actions?: ReactNode;
  /** The counts row under the card's head. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('user');
  return (
    <section className="overflow-hidden rounded-2xl bg-white shadow-sm dark:bg-zinc-900">
      <div className="h-16 bg-gradient-to-r from-brand to-zinc-900 sm:h-20" />
      <div className="px-4 pb-4 sm:px-6">
        <div className="-mt-10 flex items-end justify-between gap-3">
          <span className="shrink-0 rounded-full ring-4 ring-white dark:ring-zinc-900">
            <UserAvatar
              src={user.avatar}
              name={user.username}
              size={80}
              alt={t('profile.avatarOf', { name: user.username })}
            />
          </span>
          {actions && <div className="flex flex-wrap justify-end gap-2">{actions}</div>}
        </div>
        <h1 className="mt-3 flex flex-wrap items-center gap-2 text-xl font-bold">
          <span className="min-w-0 truncate">{user.username}</span>
          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-900/40 dark:text-amber-300">
            {t('profile.level', { level: user.level })}
          </span>
        </h1>
        <p className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
          {t('profile.uid', { uid: user.uid })}
        </p>
        <p className="mt-2 text-sm break-words text-zinc-700 dark:text-zinc-300">
          {user.signature || (
            <span className="text-zinc-500 dark:text-zinc-400">{t('profile.noSignature')}</span>
          )}
        </p>
      </div>
      {children}
    </section>
  );
}

/** One figure of the counts row: a number over its label. */
export function Stat({ value, label }: { value: string; label: string }) {
  return (
    <span className="flex flex-col items-center gap-0.5 py-3">
      <span className="text-lg font-semibold tabular-nums">{value}</span>
      <span className="text-xs text-zinc-500 dark:text-zinc-400">{label}</span>
    </span>
  );
}
