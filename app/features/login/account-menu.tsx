import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator } from 'react-router';
import { useApi } from '../../lib/api';
import { clearSession, readUserCookie } from '../../lib/session';
import { useUser } from '../../lib/use-user';
import { useSessionState } from '../../state/session-state';

/** The header's login/register button, or the signed-in user's avatar and name with a menu. */
export function AccountMenu() {
  const { t } = useTranslation('login');
  const user = useUser();
  const [, update] = useSessionState();
  if (user) return <UserMenu username={user.username} isAdmin={user.roles.includes('admin')} />;
  return (
    <button
      type="button"
      onClick={() => update({ showModel: true, modelState: 1 })}
      className="h-9 shrink-0 rounded-full bg-brand px-3 text-sm font-semibold text-white hover:brightness-110"
    >
      <span className="sm:hidden">{t('logIn')}</span>
      <span className="hidden sm:inline">{t('common:nav.login')}</span>
    </button>
  );
}

const ITEM =
  'block cursor-pointer rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800';

function UserMenu({ username, isAdmin }: { username: string; isAdmin: boolean }) {
  const { t } = useTranslation('login');
  const api = useApi();
  const revalidator = useRevalidator();
  // The avatar is only in the user cookie; read after hydration so both renders agree.
  const [avatar, setAvatar] = useState<string | null>(null);
  useEffect(() => setAvatar(readUserCookie()?.avatar ?? null), []);

  const logout = async () => {
    // The session ends on this device even when the server cannot be told.
    await api.post('/user/logout', undefined, { quiet: true }).catch(() => undefined);
    clearSession();
    await revalidator.revalidate();
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex h-9 min-w-0 items-center gap-2 rounded-full p-1 hover:bg-zinc-200 sm:pe-3 dark:hover:bg-zinc-800">
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
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-44 rounded-xl border border-zinc-200 bg-white p-2 shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
        >
          <DropdownMenu.Label className="truncate px-3 pb-2 text-sm font-semibold">
            {username}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="mb-1 h-px bg-zinc-200 dark:bg-zinc-800" />
          <DropdownMenu.Item asChild className={ITEM}>
            <Link to="/userInfo">{t('account.userCentre')}</Link>
          </DropdownMenu.Item>
          {isAdmin && (
            <DropdownMenu.Item asChild className={ITEM}>
              <Link to="/admin">{t('account.admin')}</Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item onSelect={logout} className={ITEM}>
            {t('account.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
