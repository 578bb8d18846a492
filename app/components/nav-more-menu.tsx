import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/translations';

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
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 flex min-w-44 flex-col gap-0.5 rounded-xl border border-zinc-200 bg-white p-1.5 shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
        >
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
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
