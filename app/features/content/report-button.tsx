import * as Dialog from '@radix-ui/react-dialog';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import {
  type LikeTarget,
  REPORT_REASONS,
  type ReportReason,
  reportReasonText,
} from '../../../modules/content/content.contract';
import { Icon } from '../../components/icon';
import { buttonClass, FormStatus, failureMessage } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useSignedInAction } from '../../lib/use-user';
import { actionClass } from './actions';

/** How long the details may be: the reason's code and the details fit the API's 200 characters. */
const DETAILS_MAX = 180;

/**
 * Reports an article, a video or a comment to the administrators: a reason from a short list and
 * optional details. Guests get the login dialog; a sent report says thanks and closes.
 */
export function ReportButton({
  targetType,
  targetId,
  compact = false,
}: {
  targetType: LikeTarget;
  targetId: number;
  compact?: boolean;
}) {
  const { t } = useTranslation('content');
  const api = useApi();
  const whenSignedIn = useSignedInAction();
  const detailsId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason>('spam');
  const [details, setDetails] = useState('');
  const send = useMutation({
    mutationFn: () =>
      api.post(
        '/content/report',
        { targetType, targetId, reason: reportReasonText(reason, details) },
        { quiet: true },
      ),
  });
  const change = (next: boolean) => {
    if (send.isPending) return;
    setOpen(next);
    if (next) {
      setReason('spam');
      setDetails('');
      send.reset();
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <button
        type="button"
        onClick={() => whenSignedIn(() => change(true))}
        className={compact ? 'inline-flex items-center gap-1 text-xs hover:text-red-600' : actionClass}
      >
        <Icon size={compact ? 14 : 18}>
          <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
        </Icon>
        {t('report.action')}
      </button>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="fixed inset-x-3 top-1/2 z-50 mx-auto max-h-[90vh] max-w-md -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl dark:bg-zinc-900">
          <Dialog.Title className="text-lg font-semibold">{t(`report.title.${targetType}`)}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {t('report.description')}
          </Dialog.Description>
          {send.isSuccess ? (
            <div className="mt-4 flex flex-col gap-4">
              <FormStatus ok={t('report.sent')} />
              <Dialog.Close asChild>
                <button type="button" className={`${buttonClass.primary} self-end`}>
                  {t('report.close')}
                </button>
              </Dialog.Close>
            </div>
          ) : (
            <form onSubmit={submit} className="mt-4 flex flex-col gap-4">
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 text-sm font-medium">{t('report.reason')}</legend>
                {REPORT_REASONS.map((code) => (
                  <label key={code} className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      name="reason"
                      value={code}
                      checked={reason === code}
                      onChange={() => setReason(code)}
                      className="accent-brand"
                    />
                    {t(`report.reasons.${code}`)}
                  </label>
                ))}
              </fieldset>
              <div className="flex flex-col gap-1">
                <label htmlFor={detailsId} className="text-sm font-medium">
                  {t('report.details')}
                </label>
                <textarea
                  id={detailsId}
                  value={details}
                  onChange={(event) => setDetails(event.target.value)}
                  maxLength={DETAILS_MAX}
                  rows={3}
                  className="rounded-xl border border-zinc-300 bg-transparent px-3 py-2 text-sm dark:border-zinc-700"
                />
              </div>
              <FormStatus error={failureMessage(send.error, t('messages:requestFailed'))} />
              <div className="flex justify-end gap-2">
                <Dialog.Close asChild>
                  <button type="button" className={buttonClass.secondary} disabled={send.isPending}>
                    {t('report.cancel')}
                  </button>
                </Dialog.Close>
                <button
                  type="submit"
                  className={buttonClass.primary}
                  disabled={send.isPending}
                  aria-busy={send.isPending}
                >
                  {t('report.submit')}
                </button>
              </div>
            </form>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
