import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { BCP47 } from '../../../lib/locales';
import { buttonClass, Dialog, FormStatus, failureMessage, inputClass, labelClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { clearSession } from '../../lib/session';
import { useLocale } from '../../lib/use-locale';

export interface ClosureFacts {
  username: string;
  coins: number;
  diamonds: number;
  followers: number;
  following: number;
}

const dangerButtonClass =
  'inline-flex min-h-10 items-center justify-center rounded-full bg-red-600 px-5 text-sm font-medium text-white hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * Account cancellation: a confirmation that names everything lost, the username typed by hand,
 * then `POST /user/closeAccount` and back to the home page as a guest.
 */
export function CloseAccount({ facts }: { facts: ClosureFacts }) {
  const { t } = useTranslation('user');
  const api = useApi();
  const numbers = new Intl.NumberFormat(BCP47[useLocale()]);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const close = useMutation({
    mutationFn: () => api.post('/user/closeAccount', { username: typed.trim() }, { quiet: true }),
    onSuccess: () => {
      clearSession();
      window.location.assign('/');
    },
  });
  const matches = typed.trim().toLowerCase() === facts.username.toLowerCase();
  const losses = [
    t('closure.loseCoins', { amount: numbers.format(facts.coins) }),
    t('closure.loseDiamonds', { amount: numbers.format(facts.diamonds) }),
    t('closure.loseFollows', {
      following: numbers.format(facts.following),
      followers: numbers.format(facts.followers),
    }),
    t('closure.loseProfile'),
    t('closure.loseAddresses'),
  ];
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('closure.intro')}</p>
      <button type="button" onClick={() => setOpen(true)} className={dangerButtonClass}>
        {t('closure.start')}
      </button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
          setTyped('');
        }}
        title={t('closure.dialogTitle')}
      >
        <p className="text-sm font-medium">{t('closure.lose')}</p>
        <ul className="mt-2 list-disc space-y-1 ps-5 text-sm text-zinc-700 dark:text-zinc-300">
          {losses.map((loss) => (
            <li key={loss}>{loss}</li>
          ))}
        </ul>
        <p className="mt-3 text-sm font-medium text-red-600 dark:text-red-400">{t('closure.intro')}</p>
        <label htmlFor={id} className={`${labelClass} mt-4`}>
          {t('closure.typeName', { username: facts.username })}
        </label>
        <input
          id={id}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          className={inputClass}
        />
        <FormStatus error={failureMessage(close.error, t('messages:systemError'))} />
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <button type="button" onClick={() => setOpen(false)} className={buttonClass.secondary}>
            {t('closure.cancel')}
          </button>
          <button
            type="button"
            onClick={() => close.mutate()}
            disabled={!matches || close.isPending}
            className={dangerButtonClass}
          >
            {t('closure.confirm')}
          </button>
        </div>
      </Dialog>
    </div>
  );
}
