import type { ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { Card, ErrorState, LinkTabs, Skeleton, smallButtonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { ConfirmDialog, type DecisionInput } from './confirm-dialog';

/**
 * One decision an administrator can take on an item of a queue. It is confirmed in a dialog
 * with the reason that goes into the audit log (required where the decision needs one).
 */
export interface Decision {
  key: string;
  label: string;
  tone: 'primary' | 'danger';
  reasonRequired: boolean;
  /** A value the decision needs besides the reason (a tracking number), asked for in the dialog. */
  input?: DecisionInput;
  send(reason: string, input: string): Promise<unknown>;
}

/** The usual pair for an item: approve (reason optional), reject (reason required), both sent by one call. */
export function useApproveOrReject(): (
  send: (approve: boolean, reason: string) => Promise<unknown>,
) => Decision[] {
  const { t } = useTranslation('admin');
  return (send) => [
    {
      key: 'approve',
      label: t('queue.approve'),
      tone: 'primary',
      reasonRequired: false,
      send: (r) => send(true, r),
    },
    {
      key: 'reject',
      label: t('queue.reject'),
      tone: 'danger',
      reasonRequired: true,
      send: (r) => send(false, r),
    },
  ];
}

export interface QueueFilter {
  key: string;
  label: string;
  to: string;
  active: boolean;
}

/**
 * Every review queue of the console (anchors, experts, plans, articles, mall orders, reports)
 * draws itself with this: state filters, the list, each item's details and its decisions.
 * After a decision the page's data reloads (or `onDecided` runs, for queues loaded in the browser).
 */
export function ReviewQueue<T>({
  title,
  filters,
  items,
  failed,
  onRetry,
  empty,
  itemKey,
  subject,
  detail,
  decisions,
  onDecided,
  footer,
  testId,
}: {
  title: string;
  filters?: QueueFilter[];
  /** Undefined while the list loads. */
  items: T[] | undefined;
  failed?: boolean;
  onRetry?: () => void;
  empty: string;
  itemKey(item: T): string | number;
  /** What the confirmation names: a username, a title, an order number. */
  subject(item: T): string;
  detail(item: T): ReactNode;
  decisions(item: T): Decision[];
  onDecided?: () => unknown;
  /** Below the list: a pager. */
  footer?: ReactNode;
  testId?: string;
}) {
  const revalidator = useRevalidator();
  const reload = onDecided ?? (() => revalidator.revalidate());
  return (
    <Card dense title={title}>
      {filters && <LinkTabs label={title} size="small" items={filters} />}
      <div className={filters ? 'mt-3' : undefined}>
        {failed ? (
          <ErrorState onRetry={onRetry ?? reload} />
        ) : !items ? (
          <Skeleton className="h-32 w-full" />
        ) : items.length === 0 ? (
          <p className="text-sm text-zinc-500">{empty}</p>
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" data-testid={testId}>
            {items.map((item) => (
              <li key={itemKey(item)} data-key={itemKey(item)} className="flex flex-col gap-2 py-3">
                {detail(item)}
                <DecisionBar subject={subject(item)} decisions={decisions(item)} onDecided={reload} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {footer}
    </Card>
  );
}

function DecisionBar({
  subject,
  decisions,
  onDecided,
}: {
  subject: string;
  decisions: Decision[];
  onDecided: () => unknown;
}) {
  const { t } = useTranslation('admin');
  if (decisions.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {decisions.map((decision) => (
        <ConfirmDialog
          key={decision.key}
          trigger={
            <button type="button" className={smallButtonClass[decision.tone]}>
              {decision.label}
            </button>
          }
          title={t('queue.confirmTitle', { decision: decision.label, subject })}
          description={t('queue.confirmDescription')}
          confirmLabel={decision.label}
          tone={decision.tone}
          reasonRequired={decision.reasonRequired}
          input={decision.input}
          onConfirm={async (reason, input) => {
            await decision.send(reason, input);
            await onDecided();
          }}
        />
      ))}
    </div>
  );
}
