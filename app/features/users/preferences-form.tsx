import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import type { GameEntry } from '../../../modules/catalog';
import type { Preferences } from '../../../modules/users/preferences.contract';
import { buttonClass, FormStatus, failureMessage, hintClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { PREFERENCES_KEY } from '../../lib/preferences';

/**
 * Favourite games and score display, kept in the data status. Other keys of the data status
 * (other clients' flags) are sent back unchanged, since a save replaces the whole object.
 */
export function PreferencesForm({
  initial,
  others,
  games,
}: {
  initial: Preferences;
  others: Record<string, unknown>;
  games: GameEntry[];
}) {
  const { t } = useTranslation('user');
  const api = useApi();
  const [prefs, setPrefs] = useState(initial);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      api.post('/user/saveUserDataStatus', { data: { ...others, ...prefs } }, { quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PREFERENCES_KEY }),
  });
  const toggleGame = (id: number) =>
    setPrefs((p) => ({
      ...p,
      favouriteGames: p.favouriteGames.includes(id)
        ? p.favouriteGames.filter((g) => g !== id)
        : [...p.favouriteGames, id],
    }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-6">
      {(['esport', 'sport'] as const).map((kind) => (
        <fieldset key={kind}>
          <legend className="mb-2 text-sm font-semibold">
            {t(kind === 'esport' ? 'preferences.esports' : 'preferences.sports')}
          </legend>
          <ul className="flex flex-wrap gap-2">
            {games
              .filter((game) => game.kind === kind)
              .map((game) => {
                const on = prefs.favouriteGames.includes(game.gameId);
                return (
                  <li key={game.gameId}>
                    <label
                      className={`flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand ${
                        on
                          ? 'border-brand bg-brand/10 font-medium text-brand-ink'
                          : 'border-zinc-200 dark:border-zinc-700'
                      }`}
                    >
                      <input
                        type="checkbox"
                        checked={on}
                        onChange={() => toggleGame(game.gameId)}
                        className="sr-only"
                      />
                      <img src={game.logo} alt="" width={18} height={18} />
                      {game.name}
                    </label>
                  </li>
                );
              })}
          </ul>
        </fieldset>
      ))}
      <div className="flex flex-col divide-y divide-zinc-100 border-t border-zinc-100 dark:divide-zinc-800 dark:border-zinc-800">
        <Switch
          label={t('preferences.hideScores')}
          hint={t('preferences.hideScoresHint')}
          checked={prefs.hideScores}
          onChange={(hideScores) => setPrefs((p) => ({ ...p, hideScores }))}
        />
        <Switch
          label={t('preferences.goalSound')}
          hint={t('preferences.goalSoundHint')}
          checked={prefs.goalSound}
          onChange={(goalSound) => setPrefs((p) => ({ ...p, goalSound }))}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" disabled={save.isPending} className={buttonClass.primary}>
          {save.isPending ? t('state.saving') : t('preferences.save')}
        </button>
        <FormStatus
          ok={save.isSuccess ? t('messages:savedSuccessfully') : null}
          error={failureMessage(save.error, t('messages:systemError'))}
        />
      </div>
    </form>
  );
}

function Switch({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-4 py-3">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-hint`}
        onClick={() => onChange(!checked)}
        className="relative h-7 w-12 shrink-0 rounded-full bg-zinc-300 transition-colors aria-checked:bg-brand dark:bg-zinc-700"
      >
        <span
          className={`absolute top-1 size-5 rounded-full bg-white shadow transition-all ${checked ? 'start-6' : 'start-1'}`}
        />
      </button>
    </div>
  );
}
