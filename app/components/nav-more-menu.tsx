import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/translations';
import { MenuPopup } from './ui/menu-popup';

/** The header sections that did not fit in its row, loaded when the "More" button is first pressed. */
export function NavMoreMenu({
  sections,
  trigger,
}: {
  sections: { key: string; to: string }[];
  trigger: ReactElement;
}) {
  const { t } = useTranslation();
  return (
    <MenuPopup trigger={trigger} className="flex min-w-44 flex-col gap-0.5 p-1.5">
      {sections.map((section) => (
        <DropdownMenu.Item key={section.key} asChild>
          <Link
            to={section.to}
            className="rounded-lg px-3 py-2 text-sm font-medium text-zinc-700 outline-none data-[highlighted]:bg-zinc-100 dark:text-zinc-200 dark:data-[highlighted]:bg-zinc-800"
          >
            {t(`nav.${section.key}`)}
          </Link>
        </DropdownMenu.Item>
      ))}
    </MenuPopup>
  );
}
