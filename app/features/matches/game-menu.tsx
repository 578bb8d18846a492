import * as Menu from '@radix-ui/react-dropdown-menu';
import type { ReactElement } from 'react';
import type { GameEntry } from '../../../modules/catalog';
import { Icon } from '../../components/icon';
import { useTranslation } from '../../i18n/translations';

/** The multi-select of games, loaded when its button is first pressed; it stays open while ticking. */
export function GameMenu({
  offered,
  chosen,
  toggle,
  clear,
  trigger,
}: {
  offered: GameEntry[];
  chosen: string[];
  toggle: (slug: string) => void;
  clear: () => void;
  trigger: ReactElement;
}) {
  const { t } = useTranslation('matches');
  return (
    <Menu.Root modal={false} defaultOpen>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="start"
          sideOffset={6}
          className="z-50 max-h-80 w-56 overflow-y-auto rounded-xl border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {offered.map((game) => (
            <Menu.CheckboxItem
              key={game.slug}
              checked={chosen.includes(game.slug)}
              onSelect={(event) => event.preventDefault()}
              onCheckedChange={() => toggle(game.slug)}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800"
            >
              <span className="flex size-4 items-center justify-center rounded border border-zinc-300 dark:border-zinc-600">
                <Menu.ItemIndicator>
                  <Icon size={12} className="text-brand-ink">
                    <path d="M5 12l5 5 9-10" />
                  </Icon>
                </Menu.ItemIndicator>
              </span>
              <img src={game.logo} alt="" width={18} height={18} />
              {game.name}
            </Menu.CheckboxItem>
          ))}
          {chosen.length > 0 && (
            <Menu.Item
              onSelect={clear}
              className="mt-1 cursor-pointer rounded-lg border-t border-zinc-100 px-2 py-1.5 text-sm text-brand-ink outline-none data-[highlighted]:bg-zinc-100 dark:border-zinc-800 dark:data-[highlighted]:bg-zinc-800"
            >
              {t('filters.clear')}
            </Menu.Item>
          )}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
