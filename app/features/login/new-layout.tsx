import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../lib/api';
import { AccountForm } from './account-form';
import { DialogHeader, Message } from './fields';
import { useLoginFlow, useStatus } from './flow';
import { asLoginResult, startApple, startX } from './third-party';

/** The new layout (channels baxi, fifa48, ty121): panel 1 lists the ways in, panel 2 is the form. */
export function NewLayout() {
  const [panel, setPanel] = useState<1 | 2>(1);
  return panel === 1 ? (
    <MethodList onAccount={() => setPanel(2)} />
  ) : (
    <AccountForm onBack={() => setPanel(1)} />
  );
}

function MethodList({ onAccount }: { onAccount(): void }) {
  const { t } = useTranslation('login');
  const api = useApi();
  const { withSocial, loggedIn, needsEmail, close } = useLoginFlow();
  const { check, run, clear } = useStatus();

  const withX = () => check([], { agreement: true }) && run(() => startX(api));
  const withApple = () =>
    check([], { agreement: true }) &&
    run(async () => {
      try {
        const result = asLoginResult(await startApple(api));
        if (result) loggedIn(result);
      } catch (err) {
        if (!needsEmail(err)) throw err;
      }
    });

  return (
    <>
      <DialogHeader title={t('title')} />
      <div className="flex flex-col gap-3">
        <MethodButton
          onClick={() => {
            clear();
            onAccount();
          }}
          primary
        >
          {t('methods.account')}
        </MethodButton>
        {withSocial && <MethodButton onClick={withX}>{t('methods.x')}</MethodButton>}
        {withSocial && <MethodButton onClick={withApple}>{t('methods.apple')}</MethodButton>}
        <Message />
        <button
          type="button"
          onClick={close}
          className="mx-auto text-sm font-medium text-zinc-600 underline hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
        >
          {t('methods.guest')}
        </button>
      </div>
    </>
  );
}

function MethodButton({
  onClick,
  primary,
  children,
}: {
  onClick(): void;
  primary?: boolean;
  children: ReactNode;
}) {
  const { busy } = useStatus();
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      className={
        primary
          ? 'h-11 rounded-lg bg-brand font-semibold text-white hover:brightness-110 disabled:opacity-60'
          : 'h-11 rounded-lg border border-zinc-300 font-semibold hover:bg-zinc-50 disabled:opacity-60 dark:border-zinc-700 dark:hover:bg-zinc-800'
      }
    >
      {children}
    </button>
  );
}
