import { type FormEvent, useState } from 'react';
import {
  FOLLOWED_MINUTES,
  ROOM_MAX_MIN_LEVEL,
  type RoomModes,
  SLOW_SECONDS,
} from '../../../modules/chat/chat.contract';
import { buttonClass, Dialog, inputClass, mutedClass, smallButtonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi, useToasts } from '../../lib/api';
import { ApiFailure } from '../../lib/api-client';

/** The modes in force, in a line under the chat's header; nothing when the chat is open to all. */
export function RoomModesLine({ modes }: { modes: RoomModes }) {
  const { t } = useTranslation('chat');
  const parts = [
    modes.slowSeconds > 0 && t('modes.slowOn', { n: modes.slowSeconds }),
    modes.followersOnlyMinutes !== null &&
      (modes.followersOnlyMinutes === 0
        ? t('modes.followersOn')
        : t('modes.followersForOn', { time: t(`mute.m${modes.followersOnlyMinutes}`) })),
    modes.minLevel > 0 && t('modes.levelOn', { n: modes.minLevel }),
    modes.linksBlocked && t('modes.linksOn'),
    modes.emoteOnly && t('modes.emoteOn'),
  ].filter(Boolean);
  if (parts.length === 0) return null;
  return (
    <p
      data-testid="chat-modes"
      className={`${mutedClass} border-b border-zinc-200 px-3 py-1 dark:border-zinc-800`}
    >
      {parts.join(' · ')}
    </p>
  );
}

/** The anchor's and moderators' button and dialog to set the room's modes. */
export function RoomModesButton({
  roomId,
  modes,
  onSaved,
}: {
  roomId: number;
  modes: RoomModes;
  onSaved: (modes: RoomModes) => void;
}) {
  const { t } = useTranslation('chat');
  const api = useApi();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={`${smallButtonClass.secondary} ml-auto`} onClick={() => setOpen(true)}>
        {t('modes.title')}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('modes.title')}>
        <ModesForm
          modes={modes}
          save={(draft) => api.post<RoomModes>('/chatroom/modes', { roomId, ...draft }, { quiet: true })}
          onSaved={(saved) => {
            setOpen(false);
            onSaved(saved);
          }}
          onCancel={() => setOpen(false)}
        />
      </Dialog>
    </>
  );
}

const OFF = 'off';
/** The minimum levels a room may ask for: 0 (any) to the highest. */
const LEVELS = Array.from({ length: ROOM_MAX_MIN_LEVEL + 1 }, (_, level) => level);

/**
 * The modes' fields, saved by `save`: a room's (the anchor's and moderators' dialog) or the
 * platform's defaults (the admin console). Without `onCancel` there is no cancel button.
 */
export function ModesForm({
  modes,
  save: send,
  onSaved,
  onCancel,
}: {
  modes: RoomModes;
  save: (modes: RoomModes) => Promise<RoomModes>;
  onSaved: (saved: RoomModes) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('chat');
  const { notify } = useToasts();
  const [draft, setDraft] = useState(modes);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const change = (part: Partial<RoomModes>) => setDraft((current) => ({ ...current, ...part }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure('');
    try {
      const saved = await send(draft);
      notify(t('modes.saved'));
      onSaved(saved);
    } catch (err) {
      setFailure(err instanceof ApiFailure ? err.message : t('modes.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={save} className="flex flex-col gap-4">
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('modes.slow')}
        <select
          className={inputClass}
          value={draft.slowSeconds}
          onChange={(e) => change({ slowSeconds: Number(e.target.value) })}
        >
          {SLOW_SECONDS.map((n) => (
            <option key={n} value={n}>
              {n === 0 ? t('modes.off') : t('modes.seconds', { n })}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('modes.followers')}
        <select
          className={inputClass}
          value={draft.followersOnlyMinutes ?? OFF}
          onChange={(e) =>
            change({ followersOnlyMinutes: e.target.value === OFF ? null : Number(e.target.value) })
          }
        >
          <option value={OFF}>{t('modes.off')}</option>
          {FOLLOWED_MINUTES.map((n) => (
            <option key={n} value={n}>
              {n === 0 ? t('modes.anyFollower') : t('modes.followedFor', { time: t(`mute.m${n}`) })}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('modes.level')}
        <select
          className={inputClass}
          value={draft.minLevel}
          onChange={(e) => change({ minLevel: Number(e.target.value) })}
        >
          {LEVELS.map((n) => (
            <option key={n} value={n}>
              {n === 0 ? t('modes.anyLevel') : t('modes.levelAtLeast', { n })}
            </option>
          ))}
        </select>
      </label>
      <ModeSwitch
        label={t('modes.links')}
        on={draft.linksBlocked}
        onChange={(linksBlocked) => change({ linksBlocked })}
      />
      <ModeSwitch
        label={t('modes.emote')}
        on={draft.emoteOnly}
        onChange={(emoteOnly) => change({ emoteOnly })}
      />
      <p className={mutedClass}>{t('modes.exempt')}</p>
      {failure && (
        <p role="alert" className="text-sm text-red-600">
          {failure}
        </p>
      )}
      <div className="flex justify-end gap-2">
        {onCancel && (
          <button type="button" className={buttonClass.secondary} onClick={onCancel} disabled={busy}>
            {t('modes.cancel')}
          </button>
        )}
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {t('modes.save')}
        </button>
      </div>
    </form>
  );
}

/** A mode that is on or off, as a checkbox with its label. */
function ModeSwitch({
  label,
  on,
  onChange,
}: {
  label: string;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium">
      <input type="checkbox" className="size-4" checked={on} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}
