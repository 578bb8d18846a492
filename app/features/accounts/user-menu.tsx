import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement } from 'react';
import { Link, useRevalidator } from 'react-router';
import { MenuPopup } from '../../components/ui/menu-popup';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { clearSession } from '../../lib/session';

const ITEM =
  'block cursor-pointer rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800';

/** The signed-in user's menu, loaded when first opened: user centre, admin console, log out. */
export function UserMenu({
  username,
  isAdmin,
  trigger,
}: {
  username: string;
  isAdmin: boolean;
  trigger: ReactElement;
}) {
  const { t } = useTranslation('login');
  const api = useApi();
  const revalidator = useRevalidator();

  const logout = async () => {
    // The session ends on this device even when the server cannot be told.
    await api.post('/user/logout', undefined, { quiet: true }).catch(() => undefined);
    clearSession();
    await revalidator.revalidate();
  };

  return (
    <MenuPopup trigger={trigger} className="min-w-44 p-2">
      <DropdownMenu.Label className="truncate px-3 pb-2 text-sm font-semibold">{username}</DropdownMenu.Label>
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
    </MenuPopup>
  );
}
