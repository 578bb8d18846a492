import { type ComponentProps, lazy, useEffect, useState } from 'react';
import { LazyMenu } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { readUserCookie } from '../../lib/session';
import { useUser } from '../../lib/use-user';
import { useSessionState } from '../../state/session-state';

const loadUserMenu = () => import('./user-menu').then((module) => ({ default: module.UserMenu }));
const UserMenu = lazy(loadUserMenu);

/** The header's login/register button, or the signed-in user's avatar and name with a menu. */
export function AccountMenu() {
  const { t } = useTranslation('login');
  const user = useUser();
  const [, update] = useSessionState();
  // The avatar is only in the user cookie; read after hydration so both renders agree.
  const [avatar, setAvatar] = useState<string | null>(null);
  useEffect(() => setAvatar(readUserCookie()?.avatar ?? null), []);
  if (user)
    return (
      <LazyMenu
        load={loadUserMenu}
        trigger={<UserButton username={user.username} avatar={avatar} />}
        menu={(trigger) => (
          <UserMenu username={user.username} isAdmin={user.roles.includes('admin')} trigger={trigger} />
        )}
      />
    );
  return (
    <>
      <button
        type="button"
        onClick={() => update({ showModel: true, modelState: 1 })}
        className="h-9 shrink-0 rounded-full bg-brand px-3 text-sm font-semibold text-white hover:brightness-110 session-pending:hidden"
      >
        <span className="sm:hidden">{t('logIn')}</span>
        <span className="hidden sm:inline">{t('common:nav.login')}</span>
      </button>
      {/* Until the page runs, a signed-in visitor's button as it will be: the avatar's place, and
          the name the page's first script read from the user cookie (--session-name, root.tsx). */}
      <span
        aria-hidden="true"
        className="hidden h-9 shrink-0 items-center gap-2 p-1 sm:pe-3 session-pending:flex"
      >
        <span className="size-7 animate-pulse rounded-full bg-zinc-200 dark:bg-zinc-800" />
        <span className="hidden max-w-32 truncate text-sm font-medium after:content-(--session-name) sm:inline" />
      </span>
    </>
  );
}

/** The avatar (or initial) and name that open the user's menu; the menu passes its props through. */
function UserButton({
  username,
  avatar,
  ...props
}: { username: string; avatar: string | null } & ComponentProps<'button'>) {
  const { t } = useTranslation('login');
  return (
    <button
      type="button"
      {...props}
      className="flex h-9 min-w-0 items-center gap-2 rounded-full p-1 hover:bg-zinc-200 sm:pe-3 dark:hover:bg-zinc-800"
    >
      {avatar ? (
        <img src={avatar} alt="" width={28} height={28} className="size-7 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-7 items-center justify-center rounded-full bg-brand text-sm font-bold text-white"
        >
          {username.charAt(0).toUpperCase()}
        </span>
      )}
      {/* The name said is the name shown, with what the button opens: no label hides the text. */}
      <span className="sr-only">{t('account.menu', { name: username })}</span>
      <span aria-hidden="true" className="hidden max-w-32 truncate text-sm font-medium sm:inline">
        {username}
      </span>
    </button>
  );
}
