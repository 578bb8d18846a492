import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  ALERT_EVENTS,
  ALERT_PATHS,
  type AlertChoice,
  type AlertTarget,
} from '../../../modules/alerts/alerts.contract';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';

/**
 * What the fan hears of one favourite match or team: kick-off, goals, final score. The switches
 * sit in a popover (the browser's top layer, so no list clips it); each change is saved at once.
 */
export function AlertChoicesButton({
  kind,
  targetId,
  name,
}: {
  kind: AlertTarget;
  targetId: number;
  name: string;
}) {
  const { t } = useTranslation('alerts');
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <>
      <button
        type="button"
        popoverTarget={panel}
        aria-label={t('choices.label', { name })}
        className="relative z-10 rounded-full px-2 py-1 text-xs font-medium text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white"
      >
        {t('choices.open')}
      </button>
      <div
        id={panel}
        popover="auto"
        onToggle={(event) => setOpen((event.nativeEvent as ToggleEvent).newState === 'open')}
        className="m-auto w-64 rounded-xl border border-zinc-200 bg-white p-4 text-sm text-zinc-900 shadow-lg backdrop:bg-black/20 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
      >
        {open && <Choices kind={kind} targetId={targetId} name={name} />}
      </div>
    </>
  );
}

function Choices({ kind, targetId, name }: { kind: AlertTarget; targetId: number; name: string }) {
  const { t } = useTranslation('alerts');
  const api = useApi();
  const queryClient = useQueryClient();
  const key = ['alert-choices', kind, targetId];
  const { data } = useQuery({
    queryKey: key,
    queryFn: () => api.get<AlertChoice>(ALERT_PATHS.choices, { query: { kind, targetId } }),
  });
  // The switch moves as it is pressed (state set in the same event, so the browser never shows it
  // back in place) and shows the choice being saved until the server has it, whatever a fetch
  // answers meanwhile; a save that fails shows the server's choice again.
  const [saving, setSaving] = useState<AlertChoice | null>(null);
  const save = useMutation({
    mutationFn: (choice: AlertChoice) =>
      api.post<AlertChoice>(ALERT_PATHS.choices, { kind, targetId, ...choice }),
    onSuccess: async (saved) => {
      // A fetch started before the save would answer the choice as it was.
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, saved);
    },
    onSettled: () => setSaving(null),
  });
  const shown = saving ?? data;
  const choose = (choice: AlertChoice) => {
    setSaving(choice);
    save.mutate(choice);
  };
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-2 font-semibold">{t('choices.label', { name })}</legend>
      {ALERT_EVENTS.map((event) => (
        <label key={event} className="flex items-center justify-between gap-3 py-1">
          <span>{t(`choices.${event}`)}</span>
          <input
            type="checkbox"
            className="size-4 accent-brand"
            disabled={!shown || saving !== null}
            checked={shown?.[event] ?? false}
            onChange={(e) => shown && choose({ ...shown, [event]: e.target.checked })}
          />
        </label>
      ))}
    </fieldset>
  );
}
