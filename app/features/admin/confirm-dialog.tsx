import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { smallButtonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { ApiFailure } from '../../lib/api-client';

/** A value the confirmed change needs, asked for above the reason (required). */
export interface DecisionInput {
  label: string;
  name: string;
  maxLength: number;
}

/**
 * Asks before a change to someone's account, with the reason that goes into the audit log.
 * Shows progress while the call runs and its failure inside the dialog.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  tone,
  reasonRequired,
  input,
  onConfirm,
}: {
  trigger: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  tone: 'danger' | 'primary';
  reasonRequired: boolean;
  input?: DecisionInput;
  onConfirm(reason: string, input: string): Promise<void>;
}) {
  const { t } = useTranslation('admin');
  const reasonId = useId();
  const inputId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  const change = (next: boolean) => {
    if (busy) return;
    setOpen(next);
    setReason('');
    setValue('');
    setFailure('');
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure('');
    try {
      await onConfirm(reason.trim(), value.trim());
      setBusy(false);
      change(false);
    } catch (err) {
      setBusy(false);
      setFailure(err instanceof ApiFailure ? err.message : t('failed'));
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed inset-x-3 top-1/2 z-50 mx-auto max-w-md -translate-y-1/2 rounded-2xl bg-white p-5 shadow-xl dark:bg-zinc-900">
          <form onSubmit={submit} className="flex flex-col gap-4">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Description className="text-sm text-zinc-600 dark:text-zinc-400">
              {description}
            </Dialog.Description>
            {input && (
              <div className="flex flex-col gap-1">
                <label htmlFor={inputId} className="text-sm font-medium">
                  {input.label}
                </label>
                <input
                  id={inputId}
                  name={input.name}
                  value={value}
                  onChange={(event) => setValue(event.target.value)}
                  required
                  maxLength={input.maxLength}
                  dir="ltr"
                  className="rounded-xl border border-zinc-300 bg-transparent px-3 py-2 text-sm dark:border-zinc-700"
                />
              </div>
            )}
            <div className="flex flex-col gap-1">
              <label htmlFor={reasonId} className="text-sm font-medium">
                {reasonRequired ? t('reason.label') : t('reason.optional')}
              </label>
              <textarea
                id={reasonId}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                required={reasonRequired}
                maxLength={500}
                rows={3}
                className="rounded-xl border border-zinc-300 bg-transparent px-3 py-2 text-sm dark:border-zinc-700"
              />
              <p className="text-xs text-zinc-500">{t('reason.hint')}</p>
            </div>
            {failure && (
              <p
                role="alert"
                className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-950 dark:text-red-200"
              >
                {failure}
              </p>
            )}
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <button type="button" className={smallButtonClass.secondary} disabled={busy}>
                  {t('cancel')}
                </button>
              </Dialog.Close>
              <button
                type="submit"
                className={smallButtonClass[tone]}
                disabled={busy || (reasonRequired && !reason.trim()) || (!!input && !value.trim())}
                aria-busy={busy}
              >
                {busy ? t('working') : confirmLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
