import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BCP47 } from '../../../lib/locales';
import {
  type ChatUserCard,
  PLATFORM_MUTE_MINUTES,
  type Sender,
  TIMEOUT_MINUTES,
} from '../../../modules/chat/chat.contract';
import { Dialog, smallButtonClass } from '../../components/ui';
import { UserAvatar } from '../../components/user-avatar';
import { useTranslation } from '../../i18n/translations';
import { useApi, useToasts } from '../../lib/api';
import { ApiFailure } from '../../lib/api-client';
import { useLocale } from '../../lib/use-locale';
import { BADGE_CLASS } from './chat-line';
import { muteEnds } from './mute-time';

/** Who is looking at the card, when they moderate the room: they get its actions. */
export interface CardModerator {
  uid: number;
  /** An administrator: may also mute across the platform. */
  admin: boolean;
}

/**
 * The card a name in chat opens (a click, a tap or the keyboard): the user's picture, level and
 * badges. For the room's anchor, moderators and administrators it also says whether the user is
 * muted and offers a timeout, a ban from the room's chat, lifting a mute, deleting the message the
 * name was on or pinning it above the chat, and, for administrators, a mute across the platform.
 * Anyone may answer the message from it.
 */
export function UserCard({
  roomId,
  sender,
  seq,
  pinnable,
  moderator,
  onReply,
  onClose,
}: {
  roomId: number;
  sender: Sender;
  /** The message the name was on. */
  seq: number;
  /** It is a message (not a gift) and not the one pinned already. */
  pinnable: boolean;
  moderator?: CardModerator;
  /** Answers the message the name was on (a message, not a gift). */
  onReply?: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('chat');
  const api = useApi();
  const { notify } = useToasts();
  const locale = useLocale();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const cardKey = ['chat-card', roomId, sender.uid];
  const card = useQuery({
    queryKey: cardKey,
    queryFn: () =>
      api.get<ChatUserCard>('/chatroom/userInfo', { query: { roomId, userId: sender.uid }, quiet: true }),
    enabled: !!moderator,
  });
  // Neither the anchor nor an administrator is muted from a room, nor is one's own name.
  const mutable =
    !!moderator &&
    sender.uid !== moderator.uid &&
    !sender.badges.some((badge) => badge === 'anchor' || badge === 'admin');
  const mutedUntil = card.data?.mutedUntil ?? null;

  const act = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setFailure('');
    try {
      await call();
      notify(done);
      void client.invalidateQueries({ queryKey: cardKey });
      onClose();
    } catch (err) {
      setFailure(err instanceof ApiFailure ? err.message : t('card.failed'));
    } finally {
      setBusy(false);
    }
  };
  const operate = (body: Record<string, unknown>) =>
    api.post('/chatroom/operate', { roomId, userId: sender.uid, ...body }, { quiet: true });
  const timeOut = (minutes: number) =>
    act(
      () => operate({ action: 'mute', minutes }),
      t('card.timedOut', { name: sender.name, time: t(`mute.m${minutes}`) }),
    );
  const muteEverywhere = (minutes: number) =>
    act(
      () => operate({ action: 'mute', minutes, platform: true }),
      t('card.mutedEverywhere', { name: sender.name }),
    );

  return (
    <Dialog open onClose={onClose} title={sender.name}>
      <div className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <UserAvatar src={sender.avatar} name={sender.name} size={48} />
          <div className="flex flex-wrap items-center gap-1 text-sm">
            <span className="rounded bg-zinc-200 px-1.5 leading-5 dark:bg-zinc-700">
              {t('card.level', { n: sender.level })}
            </span>
            {sender.badges.map((badge) => (
              <span key={badge} className={`rounded px-1.5 leading-5 ${BADGE_CLASS[badge]}`}>
                {t(`badges.${badge}`)}
              </span>
            ))}
          </div>
        </div>
        {mutedUntil && (
          <p role="status" className="text-sm text-red-600 dark:text-red-400">
            {mutedUntil === 'permanent'
              ? t(card.data?.mutedPlatformWide ? 'card.platformForGood' : 'card.banned')
              : t(card.data?.mutedPlatformWide ? 'card.platformUntil' : 'card.mutedUntil', {
                  time: muteEnds(mutedUntil, BCP47[locale]),
                })}
          </p>
        )}
        {mutable && (
          <section aria-labelledby={`timeout-${seq}`} className="flex flex-col gap-2">
            <h3 id={`timeout-${seq}`} className="text-sm font-medium">
              {t('card.timeout')}
            </h3>
            <div className="flex flex-wrap gap-2">
              {TIMEOUT_MINUTES.map((minutes) => (
                <button
                  key={minutes}
                  type="button"
                  className={smallButtonClass.secondary}
                  disabled={busy}
                  onClick={() => void timeOut(minutes)}
                >
                  {t(`mute.m${minutes}`)}
                </button>
              ))}
            </div>
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={smallButtonClass.danger}
                disabled={busy}
                onClick={() =>
                  void act(
                    () => operate({ action: 'mute', minutes: 0 }),
                    t('card.bannedDone', { name: sender.name }),
                  )
                }
              >
                {t('card.ban')}
              </button>
              {mutedUntil && (
                <button
                  type="button"
                  className={smallButtonClass.secondary}
                  disabled={busy}
                  onClick={() =>
                    void act(
                      () => operate({ action: 'unmute', platform: card.data?.mutedPlatformWide ?? false }),
                      t('card.liftedDone', { name: sender.name }),
                    )
                  }
                >
                  {t('card.lift')}
                </button>
              )}
            </div>
          </section>
        )}
        {mutable && moderator?.admin && (
          <section aria-labelledby={`platform-${seq}`} className="flex flex-col gap-2">
            <h3 id={`platform-${seq}`} className="text-sm font-medium">
              {t('card.platform')}
            </h3>
            <div className="flex flex-wrap gap-2">
              {PLATFORM_MUTE_MINUTES.map((minutes) => (
                <button
                  key={minutes}
                  type="button"
                  className={smallButtonClass.secondary}
                  disabled={busy}
                  onClick={() => void muteEverywhere(minutes)}
                >
                  {t(`mute.m${minutes}`)}
                </button>
              ))}
            </div>
          </section>
        )}
        {failure && (
          <p role="alert" className="text-sm text-red-600">
            {failure}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          {onReply && (
            <button type="button" className={smallButtonClass.primary} onClick={onReply}>
              {t('card.reply')}
            </button>
          )}
          {moderator && pinnable && (
            <button
              type="button"
              className={smallButtonClass.secondary}
              disabled={busy}
              onClick={() =>
                void act(() => api.post('/chatroom/pin', { roomId, seq }, { quiet: true }), t('card.pinned'))
              }
            >
              {t('card.pin')}
            </button>
          )}
          {moderator && (
            <button
              type="button"
              className={smallButtonClass.danger}
              disabled={busy}
              onClick={() =>
                void act(
                  () => api.post('/chatroom/delete', { roomId, seq }, { quiet: true }),
                  t('card.deleted'),
                )
              }
            >
              {t('card.delete')}
            </button>
          )}
          <button type="button" className={smallButtonClass.secondary} onClick={onClose}>
            {t('card.close')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
