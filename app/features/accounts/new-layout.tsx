import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../i18n/translations';
import { AccountForm } from './account-form';
import { DialogHeader, Message } from './fields';
import { useLoginFlow, useStatus } from './flow';
import { ProviderButtons } from './third-party-buttons';

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
  const { close } = useLoginFlow();
  const { clear } = useStatus();

  return (
    <>
      <DialogHeader title={t('title')} />
      <div className="flex flex-col gap-3">
        <MethodButton
          onClick={() => {
            clear();
            onAccount();
          }}
        >
          {t('methods.account')}
        </MethodButton>
        <ProviderButtons />
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

function MethodButton({ onClick, children }: { onClick(): void; children: ReactNode }) {
  const { busy } = useStatus();
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      className="h-11 rounded-lg bg-brand font-semibold text-white hover:brightness-110 disabled:opacity-60"
    >
      {children}
    </button>
  );
}
