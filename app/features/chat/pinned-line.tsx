import { useState } from 'react';
import type { PinnedMessage } from '../../../modules/chat/chat.contract';
import { CommentText } from '../../components/comment-text';
import { smallButtonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi, useToasts } from '../../lib/api';

/**
 * The message pinned above the chat: who said it and what, as plain text; the room's anchor, its
 * moderators and administrators may unpin it.
 */
export function PinnedLine({
  roomId,
  pinned,
  moderator,
}: {
  roomId: number;
  pinned: PinnedMessage;
  moderator: boolean;
}) {
  const { t } = useTranslation('chat');
  const api = useApi();
  const { notify } = useToasts();
  const [busy, setBusy] = useState(false);
  const unpin = async () => {
    setBusy(true);
    try {
      await api.post('/chatroom/pin', { roomId, seq: null });
      notify(t('pin.unpinned'));
    } catch {
      // The API client has said why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-label={t('pin.label')}
      className="flex items-start gap-2 border-b border-zinc-200 bg-amber-50 px-3 py-2 text-sm dark:border-zinc-800 dark:bg-amber-950/40"
    >
      <span aria-hidden>📌</span>
      <p className="min-w-0 flex-1 break-words">
        <span className="font-medium text-brand-ink">{pinned.sender.name}</span>{' '}
        <CommentText text={pinned.text} />
      </p>
      {moderator && (
        <button type="button" className={smallButtonClass.secondary} disabled={busy} onClick={unpin}>
          {t('pin.unpin')}
        </button>
      )}
    </section>
  );
}
