import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { coinRecords } from '../db/schema/index';
import type { Currency, MovementType, Wallet } from '../modules/wallet/wallet.service';

/** One ledger row as the books read: whose, what and why. */
export interface Entry {
  /** "user:<uid>" or "account:<name>". */
  holder: string;
  currency: string;
  amount: number;
  type: string;
}

/**
 * Every row of the ledger transactions that wrote a row matching `where` (a type, a reference, a
 * user), each transaction's rows in the order they were written, transactions oldest first.
 */
export async function transactionsOf(db: Db, ...where: SQL[]): Promise<Entry[][]> {
  const ids = await db
    .selectDistinct({ id: coinRecords.transactionId })
    .from(coinRecords)
    .where(and(...where));
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(coinRecords)
    .where(
      inArray(
        coinRecords.transactionId,
        ids.map((r) => r.id),
      ),
    )
    .orderBy(asc(coinRecords.transactionId), asc(coinRecords.id));
  const byTransaction = new Map<number, Entry[]>();
  for (const row of rows) {
    const entries = byTransaction.get(row.transactionId) ?? [];
    entries.push({
      holder: row.userId === null ? `account:${row.account}` : `user:${row.userId}`,
      currency: row.currency,
      amount: row.amount,
      type: row.type,
    });
    byTransaction.set(row.transactionId, entries);
  }
  return [...byTransaction.values()];
}

/** The one ledger transaction that wrote a row of `type` for the user. */
export async function transactionOf(db: Db, userId: number, type: string): Promise<Entry[]> {
  const found = await transactionsOf(db, eq(coinRecords.userId, userId), eq(coinRecords.type, type));
  if (found.length !== 1)
    throw new Error(`${found.length} ledger transactions of ${type} for user ${userId}`);
  return found[0] as Entry[];
}

/**
 * Gives a user coins (or diamonds) from the issuance account, as an administrator's grant does:
 * how a test starts someone with money. Answers the user's row.
 */
export function grant(
  wallet: Pick<Wallet, 'transfer'>,
  userId: number,
  amount: number,
  idempotencyKey: string,
  options: { currency?: Currency; type?: MovementType } = {},
) {
  return wallet.transfer({
    from: { account: 'issuance' },
    to: { userId },
    currency: options.currency ?? 'coin',
    amount,
    type: options.type ?? 'admin_adjustment',
    idempotencyKey,
  });
}
