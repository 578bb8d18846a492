import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, isUniqueViolation } from '../../db/client';
import { coinRecords, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';

export type Currency = 'coin' | 'diamond';

/** Why a balance moved; every ledger row names one. */
export type MovementType =
  | 'registration_bonus'
  | 'recharge'
  | 'plan_purchase'
  | 'plan_refund'
  | 'escrow_hold'
  | 'escrow_release'
  | 'platform_share'
  | 'gift_sent'
  | 'gift_received'
  | 'live_unlock'
  | 'mall_exchange'
  | 'mall_refund'
  | 'membership'
  | 'blind_box'
  | 'admin_adjustment'
  | 'account_closure_forfeit';

export const REGISTRATION_BONUS_COINS = 200;

export interface Movement {
  userId: number;
  currency: Currency;
  /** Positive credits, negative debits. */
  amount: number;
  type: MovementType;
  /** Unique per user: the same key never moves money twice. */
  idempotencyKey: string;
  reference?: string;
  details?: Record<string, unknown>;
}

export interface LedgerRow {
  id: number;
  currency: Currency;
  type: string;
  amount: number;
  balanceAfter: number;
  reference: string | null;
  details: unknown;
  createdAt: Date;
}

/** A database handle or an open transaction. */
type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>;

const balanceColumn = { coin: users.coins, diamond: users.diamonds } as const;

/**
 * The only place balances change. Each movement updates the balance with a conditional
 * statement (never below zero, safe under concurrency) and appends its ledger row in the same
 * transaction; a repeated idempotency key returns the first movement's row instead.
 */
export function createWallet(db: Db) {
  async function existing(tx: Executor, userId: number, key: string): Promise<LedgerRow | undefined> {
    const [row] = await tx
      .select()
      .from(coinRecords)
      .where(and(eq(coinRecords.userId, userId), eq(coinRecords.idempotencyKey, key)));
    return row && toRow(row);
  }

  /** Moves money inside the caller's transaction (or its own); returns the ledger row. */
  async function move(movement: Movement, tx?: Executor): Promise<LedgerRow> {
    if (!Number.isSafeInteger(movement.amount) || movement.amount === 0) {
      throw new Error(`a movement needs a non-zero whole amount, got ${movement.amount}`);
    }
    if (!tx) {
      try {
        return await db.transaction((own) => move(movement, own));
      } catch (err) {
        // Two requests with one key at the same moment: the loser's insert broke the unique key.
        const first =
          isUniqueViolation(err) && (await existing(db, movement.userId, movement.idempotencyKey));
        if (first) return first;
        throw err;
      }
    }
    const repeated = await existing(tx, movement.userId, movement.idempotencyKey);
    if (repeated) return repeated;
    const column = balanceColumn[movement.currency];
    const [updated] = await tx
      .update(users)
      .set({ [movement.currency === 'coin' ? 'coins' : 'diamonds']: sql`${column} + ${movement.amount}` })
      .where(and(eq(users.uid, movement.userId), sql`${column} + ${movement.amount} >= 0`))
      .returning({ balance: column });
    if (!updated)
      throw new AppError(movement.currency === 'coin' ? 'insufficientCoins' : 'insufficientDiamonds');
    const [row] = await tx
      .insert(coinRecords)
      .values({
        userId: movement.userId,
        currency: movement.currency,
        type: movement.type,
        amount: movement.amount,
        balanceAfter: updated.balance,
        reference: movement.reference ?? null,
        idempotencyKey: movement.idempotencyKey,
        details: movement.details ?? {},
      })
      .returning();
    if (!row) throw new Error('ledger row not written');
    return toRow(row);
  }

  return {
    move,

    async records(
      userId: number,
      options: { currency?: Currency; type?: string; page: number; size: number },
    ) {
      const filters = [eq(coinRecords.userId, userId)];
      if (options.currency) filters.push(eq(coinRecords.currency, options.currency));
      if (options.type) filters.push(eq(coinRecords.type, options.type));
      const rows = await db
        .select()
        .from(coinRecords)
        .where(and(...filters))
        .orderBy(desc(coinRecords.id))
        .limit(options.size)
        .offset((options.page - 1) * options.size);
      return rows.map(toRow);
    },

    /** Users whose balance differs from the sum of their ledger rows (empty when the books are right). */
    async audit(): Promise<{ userId: number; currency: Currency; balance: number; ledger: number }[]> {
      const result = await db.execute(sql`
        select u.uid as "userId", c.currency, c.balance, c.ledger from users u
        cross join lateral (values
          ('coin', u.coins, coalesce((select sum(amount) from coin_records r where r.user_id = u.uid and r.currency = 'coin'), 0)),
          ('diamond', u.diamonds, coalesce((select sum(amount) from coin_records r where r.user_id = u.uid and r.currency = 'diamond'), 0))
        ) as c(currency, balance, ledger)
        where c.balance <> c.ledger`);
      return (
        (result as unknown as { rows: unknown[] }).rows as {
          userId: number;
          currency: Currency;
          balance: string;
          ledger: string;
        }[]
      ).map((r) => ({
        userId: Number(r.userId),
        currency: r.currency,
        balance: Number(r.balance),
        ledger: Number(r.ledger),
      }));
    },
  };
}

export type Wallet = ReturnType<typeof createWallet>;

function toRow(row: typeof coinRecords.$inferSelect): LedgerRow {
  return {
    id: row.id,
    currency: row.currency as Currency,
    type: row.type,
    amount: row.amount,
    balanceAfter: row.balanceAfter,
    reference: row.reference,
    details: row.details,
    createdAt: row.createdAt,
  };
}
