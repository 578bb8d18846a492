import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { buttonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';

/** Spec point 4: after a send, the button counts down 60 seconds and stays disabled until 0. */
const COUNTDOWN_SECONDS = 60;

/** Sends a verification code; the failure (wrong address, too soon) goes to `onError`. */
export function SendCodeButton({
  send,
  onError,
  disabled = false,
}: {
  send: () => Promise<unknown>;
  onError: (error: unknown) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('user');
  const [left, setLeft] = useState(0);
  const sending = useMutation({
    mutationFn: send,
    onSuccess: () => setLeft(COUNTDOWN_SECONDS),
    onError,
  });
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return (
    <button
      type="button"
      onClick={() => sending.mutate()}
      disabled={disabled || sending.isPending || left > 0}
      className={`${buttonClass.secondary} shrink-0 tabular-nums`}
    >
      {left > 0 ? t('security.resend', { seconds: left }) : t('security.sendCode')}
    </button>
  );
}
