import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement, ReactNode } from 'react';

/**
 * The open part of a `LazyMenu`: the menu its lazily loaded module renders, open at once and
 * anchored to the button that was pressed. Kept out of `ui/index.ts` so that the menu parts load
 * with the first menu used, not with the page.
 */
export function MenuPopup({
  trigger,
  className,
  sideOffset = 6,
  children,
}: {
  trigger: ReactElement;
  /** Width, padding and layout of the menu's box. */
  className: string;
  sideOffset?: number;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Root defaultOpen>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={sideOffset}
          collisionPadding={8}
          className={`z-50 rounded-xl border border-zinc-200 bg-white shadow-xl dark:border-zinc-800 dark:bg-zinc-900 ${className}`}
        >
          {children}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
