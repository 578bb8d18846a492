import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, type Executor, isUniqueViolation } from '../../db/client';
import { coinRecords, ledgerAccounts, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { MovementType } from './wallet.contract';

export type Currency = 'coin' | 'diamond';

export type { MovementType };

export const REGISTRATION_BONUS_COINS = 200;

/**
 * The platform's own ledger accounts. `escrow` holds coins until a later settlement (a tip until
 * its match ends); `platform` receives what the platform earns (memberships, shares, forfeits).
 */
export const LEDGER_ACCOUNTS = ['escrow', 'platform'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** Whose balance moves: a user's or one of the platform's ledger accounts. */
export type Holder = { userId: number; account?: never } | { account: LedgerAccount; userId?: never };

export type Movement = Holder & {
  currency: Currency;
  /** Positive credits, negative debits. */
  amount: number;
  type: MovementType;
  /** Unique per holder: the same key never moves money twice. */
  idempotencyKey: string;
  reference?: string;
  details?: Record<string, unknown>;
};

/** Money from one holder to another, both rows in one transaction under one key. */
export interface Transfer {
  from: Holder;
  to: Holder;
  currency: Currency;
  /** Positive: what leaves `from` and reaches `to`. */
  amount: number;
  type: MovementType;
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

/**
 * The only place balances change. Each movement updates the balance with a conditional
 * statement (never below zero, safe under concurrency) and appends its ledger row in the same
 * transaction; a repeated idempotency key returns the first movement's row instead.
 */
export function createWallet(db: Db) {
  function sameHolder(movement: Holder) {
    return movement.account
      ? eq(coinRecords.account, movement.account)
      : eq(coinRecords.userId, movement.userId as number);
  }

  async function existing(tx: Executor, holder: Holder, key: string): Promise<LedgerRow | undefined> {
    const [row] = await tx
      .select()
      .from(coinRecords)
      .where(and(sameHolder(holder), eq(coinRecords.idempotencyKey, key)));
    return row && toRow(row);
  }

  /** NO KEY UPDATE, as the balance update takes, so rows that only reference the holder still go on. */
  async function lockHolder(tx: Executor, holder: Holder) {
    if (holder.account) {
      await tx
        .select({ name: ledgerAccounts.name })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.name, holder.account))
        .for('no key update');
    } else {
      await tx
        .select({ uid: users.uid })
        .from(users)
        .where(eq(users.uid, holder.userId as number))
        .for('no key update');
    }
  }

  /** Adds `amount` unless the balance would drop below zero; the new balance, or undefined. */
  async function changeBalance(tx: Executor, movement: Movement) {
    const coin = movement.currency === 'coin';
    if (movement.account) {
      const column = coin ? ledgerAccounts.coins : ledgerAccounts.diamonds;
      const [row] = await tx
        .update(ledgerAccounts)
        .set({ [coin ? 'coins' : 'diamonds']: sql`${column} + ${movement.amount}` })
        .where(and(eq(ledgerAccounts.name, movement.account), sql`${column} + ${movement.amount} >= 0`))
        .returning({ balance: column });
      return row && { balance: row.balance, channel: null };
    }
    const column = coin ? users.coins : users.diamonds;
    const [row] = await tx
      .update(users)
      .set({ [coin ? 'coins' : 'diamonds']: sql`${column} + ${movement.amount}` })
      .where(and(eq(users.uid, movement.userId), sql`${column} + ${movement.amount} >= 0`))
      .returning({ balance: column, channel: users.promotionChannelId });
    return row;
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
        const first = isUniqueViolation(err) && (await existing(db, movement, movement.idempotencyKey));
        if (first) return first;
        throw err;
      }
    }
    // The holder's row is locked before the key is looked up: a second movement with the same key
    // waits here for the first to commit, then finds its row instead of failing on the unique key.
    await lockHolder(tx, movement);
    const repeated = await existing(tx, movement, movement.idempotencyKey);
    if (repeated) return repeated;
    const updated = await changeBalance(tx, movement);
    if (!updated)
      throw new AppError(movement.currency === 'coin' ? 'insufficientCoins' : 'insufficientDiamonds');
    const [row] = await tx
      .insert(coinRecords)
      .values({
        userId: movement.userId ?? null,
        account: movement.account ?? null,
        currency: movement.currency,
        type: movement.type,
        amount: movement.amount,
        balanceAfter: updated.balance,
        reference: movement.reference ?? null,
        idempotencyKey: movement.idempotencyKey,
        channel: updated.channel,
        details: movement.details ?? {},
      })
      .returning();
    if (!row) throw new Error('ledger row not written');
    return toRow(row);
  }

  /** Debits `from` and credits `to` in one transaction; a repeated key moves nothing again. */
  async function transfer(t: Transfer, tx?: Executor): Promise<LedgerRow> {
    if (!tx) {
      try {
        return await db.transaction((own) => transfer(t, own));
      } catch (err) {
        const first = isUniqueViolation(err) && (await existing(db, t.from, t.idempotencyKey));
        if (first) return first;
        throw err;
      }
    }
    if (!(t.amount > 0)) throw new Error(`a transfer needs a positive amount, got ${t.amount}`);
    const common = {
      currency: t.currency,
      type: t.type,
      idempotencyKey: t.idempotencyKey,
      reference: t.reference,
      details: t.details,
    };
    const debit = { ...t.from, ...common, amount: -t.amount } as Movement;
    const credit = { ...t.to, ...common, amount: t.amount } as Movement;
    // Rows are locked in one global order (users by id, then ledger accounts), so two transfers
    // in opposite directions wait for each other instead of deadlocking.
    if (lockOrder(credit) < lockOrder(debit)) {
      await move(credit, tx);
      return move(debit, tx);
    }
    const row = await move(debit, tx);
    await move(credit, tx);
    return row;
  }

  /** A ledger account's balances. */
  async function accountBalance(account: LedgerAccount) {
    const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.name, account));
    return { coins: row?.coins ?? 0, diamonds: row?.diamonds ?? 0 };
  }

  return {
    move,
    transfer,
    accountBalance,

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

    /** A user's rows of one currency as a page, with the total, for the details screens. */
    async page(
      userId: number,
      options: { currency: Currency; type?: MovementType; pageIndex: number; pageSize: number },
    ) {
      const filters = [eq(coinRecords.userId, userId), eq(coinRecords.currency, options.currency)];
      if (options.type) filters.push(eq(coinRecords.type, options.type));
      const [rows, total] = await Promise.all([
        this.records(userId, { ...options, page: options.pageIndex, size: options.pageSize }),
        db.$count(coinRecords, and(...filters)),
      ]);
      return {
        list: rows.map((row) => ({
          id: row.id,
          type: row.type as MovementType,
          amount: row.amount,
          balanceAfter: row.balanceAfter,
          reference: row.reference,
          createdAt: row.createdAt.toISOString(),
        })),
        total,
        pageIndex: options.pageIndex,
        pageSize: options.pageSize,
      };
    },

    /**
     * Holders ("user:12", "account:escrow") whose balance differs from the sum of their ledger
     * rows: empty when the books are right.
     */
    async audit(): Promise<AuditFinding[]> {
      const result = await db.execute(sql`
        with balances as (
          select 'user:' || u.uid as holder, 'coin' as currency, u.coins as balance,
            (select coalesce(sum(amount), 0) from coin_records r where r.user_id = u.uid and r.currency = 'coin') as ledger
          from users u
          union all
          select 'user:' || u.uid, 'diamond', u.diamonds,
            (select coalesce(sum(amount), 0) from coin_records r where r.user_id = u.uid and r.currency = 'diamond')
          from users u
          union all
          select 'account:' || a.name, 'coin', a.coins,
            (select coalesce(sum(amount), 0) from coin_records r where r.account = a.name and r.currency = 'coin')
          from ledger_accounts a
          union all
          select 'account:' || a.name, 'diamond', a.diamonds,
            (select coalesce(sum(amount), 0) from coin_records r where r.account = a.name and r.currency = 'diamond')
          from ledger_accounts a
        )
        select holder, currency, balance, ledger from balances where balance <> ledger`);
      const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
      return rows.map((r) => ({
        holder: String(r.holder),
        currency: r.currency as Currency,
        balance: Number(r.balance),
        ledger: Number(r.ledger),
      }));
    },
  };
}

function lockOrder(holder: Holder): number {
  return holder.account ? Number.MAX_SAFE_INTEGER - LEDGER_ACCOUNTS.indexOf(holder.account) : holder.userId;
}

export interface AuditFinding {
  holder: string;
  currency: Currency;
  balance: number;
  ledger: number;
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
