import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement } from 'react';
import { MUTE_MINUTES } from '../../../modules/chat/chat.contract';
import { MenuPopup } from '../../components/ui/menu-popup';
import { useTranslation } from '../../i18n/translations';
import type { Moderation } from './chat-line';

const itemClass =
  'cursor-pointer rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800';

/** What a moderator may do with one message: delete it, or mute its author in the room for a while. */
export function MessageActionsMenu({
  trigger,
  seq,
  author,
  moderation,
}: {
  trigger: ReactElement;
  seq: number;
  /** The author, when a moderator may mute them (not the anchor, an administrator or oneself). */
  author: { uid: number; name: string } | null;
  moderation: Moderation;
}) {
  const { t } = useTranslation('chat');
  return (
    <MenuPopup trigger={trigger} className="min-w-48 p-1" sideOffset={4}>
      <DropdownMenu.Item
        className={`${itemClass} text-red-600 dark:text-red-400`}
        onSelect={() => moderation.remove(seq)}
      >
        {t('actions.delete')}
      </DropdownMenu.Item>
      {author && (
        <DropdownMenu.Group aria-labelledby={`mute-${seq}`}>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
          <DropdownMenu.Label id={`mute-${seq}`} className="px-3 py-1 text-xs text-zinc-500">
            {t('actions.mute', { name: author.name })}
          </DropdownMenu.Label>
          {MUTE_MINUTES.map((minutes) => (
            <DropdownMenu.Item
              key={minutes}
              className={itemClass}
              onSelect={() => moderation.mute(author, minutes)}
            >
              {t(`mute.m${minutes}`)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Group>
      )}
    </MenuPopup>
  );
}
