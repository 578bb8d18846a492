import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BCP47 } from '../../../lib/locales';
import type { PaymentOrderView } from '../../../modules/wallet/wallet.contract';
import { requirePageRole } from '../../../platform/roles';
import { Card, FormStatus, inputClass, labelClass, smallButtonClass } from '../../components/ui';
import { ConfirmDialog } from '../../features/admin/confirm-dialog';
import { AdminErrorBoundary } from '../../features/admin/error-boundary';
import { ListTable, td } from '../../features/admin/list-table';
import { adminMeta } from '../../features/admin/meta';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useLocale } from '../../lib/use-locale';
import type { Route } from './+types/payments';

/** /admin/payments: record a refund made at the provider, and the wallet audit of every balance. */
export async function loader({ context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  const t = context.services.i18n.fixed(context.locale, 'admin');
  return {
    findings: await context.services.wallet.audit(),
    title: `${t('sections.payments.title')} – ${t('title')}`,
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  const numbers = new Intl.NumberFormat(BCP47[locale]);
  const columns = ['holder', 'currency', 'balance', 'ledgerSum'] as const;
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">{t('sections.payments.title')}</h1>
      <Refund />
      <Card dense title={t('payments.auditTitle')}>
        {loaderData.findings.length === 0 ? (
          <p className="text-sm text-emerald-700 dark:text-emerald-300" data-testid="wallet-audit">
            {t('payments.auditClean')}
          </p>
        ) : (
          <ListTable
            label={t('payments.auditTitle')}
            columns={columns}
            numeric={new Set(['balance', 'ledgerSum'])}
            loading={false}
          >
            {loaderData.findings.map((row) => (
              <tr key={`${row.holder}:${row.currency}`}>
                <td className={td}>{row.holder}</td>
                <td className={td}>{t(`currency.${row.currency}`)}</td>
                <td className={`${td} text-end`}>{numbers.format(row.balance)}</td>
                <td className={`${td} text-end`}>{numbers.format(row.ledger)}</td>
              </tr>
            ))}
          </ListTable>
        )}
      </Card>
    </div>
  );
}

/** The order number of a refund already paid back at the provider; its coins or diamonds leave the balance. */
function Refund() {
  const { t } = useTranslation('admin');
  const api = useApi();
  // Opened from an account's coin records with the order it names.
  const [search] = useSearchParams();
  const [orderNo, setOrderNo] = useState(search.get('orderNo') ?? '');
  const refund = useMutation({
    mutationFn: (reason: string) =>
      api.post<PaymentOrderView>(
        '/admin/payments/refund',
        { orderNo: orderNo.trim(), reason },
        { quiet: true },
      ),
  });
  return (
    <Card dense title={t('payments.refundTitle')}>
      <div className="flex flex-col gap-3 text-sm">
        <p className="text-zinc-600 dark:text-zinc-400">{t('payments.refundHint')}</p>
        <label className="flex max-w-md flex-col">
          <span className={labelClass}>{t('payments.orderNo')}</span>
          <input
            value={orderNo}
            maxLength={64}
            onChange={(event) => setOrderNo(event.target.value)}
            className={inputClass}
          />
        </label>
        <ConfirmDialog
          trigger={
            <button
              type="button"
              disabled={!orderNo.trim()}
              className={`${smallButtonClass.danger} self-start`}
            >
              {t('payments.refund')}
            </button>
          }
          title={t('payments.refundConfirm', { orderNo: orderNo.trim() })}
          description={t('payments.refundHint')}
          confirmLabel={t('payments.refund')}
          tone="danger"
          reasonRequired
          onConfirm={async (reason) => {
            await refund.mutateAsync(reason);
          }}
        />
        {/* A failure shows in the dialog, which stays open. */}
        <FormStatus ok={refund.data ? t('payments.refunded', { orderNo: refund.data.orderNo }) : null} />
      </div>
    </Card>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
