import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { smallButtonClass } from '../../components/ui';
import { useApi } from '../../lib/api';

/** Approve, or reject with a reason, one item of an expert review queue. */
export function ReviewButtons({ path, body }: { path: string; body: Record<string, number> }) {
  const { t } = useTranslation('experts');
  const api = useApi();
  const revalidator = useRevalidator();
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (approve: boolean) => api.post(path, { ...body, approve, reason: approve ? '' : reason }),
    onSuccess: () => revalidator.revalidate(),
  });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        disabled={decide.isPending}
        onClick={() => decide.mutate(true)}
        className={smallButtonClass.primary}
      >
        {t('admin.approve')}
      </button>
      <input
        aria-label={t('admin.reason')}
        placeholder={t('admin.reason')}
        value={reason}
        maxLength={300}
        onChange={(event) => setReason(event.target.value)}
        className="min-w-0 flex-1 rounded-full border border-zinc-300 bg-white px-3 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-950"
      />
      <button
        type="button"
        disabled={decide.isPending || !reason.trim()}
        onClick={() => decide.mutate(false)}
        className={smallButtonClass.danger}
      >
        {t('admin.reject')}
      </button>
    </div>
  );
}
