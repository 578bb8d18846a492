import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db, type Executor, isUniqueViolation } from '../../db/client';
import { coinRecords, ledgerAccounts, users } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import type { MovementType } from './wallet.contract';

export type Currency = 'coin' | 'diamond';

export type { MovementType };

export const REGISTRATION_BONUS_COINS = 200;

/**
 * The platform's own ledger accounts, each the counter account of some movements: `escrow` holds
 * coins until a later settlement (a tip until its match ends); `platform` receives what the
 * platform earns (memberships, unlocks, gifts, shares, forfeits) and pays what it gives (the
 * anchors' diamonds, mall grants and prizes, refunds); `issuance` is the outside world: money
 * bought with real money, granted by an administrator or as the welcome, and paid back.
 */
export const LEDGER_ACCOUNTS = ['escrow', 'platform', 'issuance'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/**
 * The accounts that may fall below zero: the platform pays anchors in diamonds it never received,
 * and issuance's balance is minus all the money that came in. Escrow only pays out what it holds.
 */
const MAY_GO_NEGATIVE: ReadonlySet<LedgerAccount> = new Set(['platform', 'issuance']);

/** Whose balance moves: a user's or one of the platform's ledger accounts. */
export type Holder = { userId: number; account?: never } | { account: LedgerAccount; userId?: never };

/**
 * Money from one holder to another: a debit and a credit of one amount in one currency, so the
 * ledger's rows always sum to zero. Both rows carry the key: the user's row as given, a ledger
 * account's row qualified by the user on the other side (`user:<uid>:<key>`), so the keys users
 * choose never meet on the platform's rows.
 */
export interface Transfer {
  from: Holder;
  to: Holder;
  currency: Currency;
  /** Positive: what leaves `from` and reaches `to`. */
  amount: number;
  type: MovementType;
  /** The credit's type when it is not `type` (a plan's coins enter escrow as escrow_hold). */
  creditType?: MovementType;
  /** Unique per holder: the same key never moves money twice. */
  idempotencyKey: string;
  reference?: string;
  details?: Record<string, unknown>;
}

/** One row of a transfer: a holder's balance changes by `amount`. */
interface Leg {
  holder: Holder;
  currency: Currency;
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

/** The row a transfer is known by: its user's (the debit's between two ledger accounts). */
function primaryOf(t: Transfer): Holder {
  if (t.from.userId !== undefined) return t.from;
  return t.to.userId !== undefined ? t.to : t.from;
}

/** The debit and the credit of a transfer, each under its holder's key. */
function legsOf(t: Transfer): [Leg, Leg] {
  const keyFor = (holder: Holder, other: Holder) =>
    holder.account && other.userId !== undefined
      ? `user:${other.userId}:${t.idempotencyKey}`
      : t.idempotencyKey;
  const common = { currency: t.currency, reference: t.reference, details: t.details };
  return [
    { ...common, holder: t.from, amount: -t.amount, type: t.type, idempotencyKey: keyFor(t.from, t.to) },
    {
      ...common,
      holder: t.to,
      amount: t.amount,
      type: t.creditType ?? t.type,
      idempotencyKey: keyFor(t.to, t.from),
    },
  ];
}

/** The global lock order: users by id, then the ledger accounts. */
function lockOrder(holder: Holder): number {
  return holder.account ? Number.MAX_SAFE_INTEGER - LEDGER_ACCOUNTS.indexOf(holder.account) : holder.userId;
}

/**
 * The only place balances change, always by double entry: a transfer debits one holder and
 * credits another in one ledger transaction. Each row updates its balance with a conditional
 * statement (never below zero, but for the accounts that may) and is appended in the same
 * database transaction; a repeated idempotency key returns the first transfer's row instead.
 */
export function createWallet(db: Db) {
  function sameHolder(holder: Holder) {
    return holder.account
      ? eq(coinRecords.account, holder.account)
      : eq(coinRecords.userId, holder.userId as number);
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

  /** Adds `amount` unless the balance would drop below zero where it may not; the new balance, or undefined. */
  async function changeBalance(tx: Executor, leg: Leg) {
    const coin = leg.currency === 'coin';
    const { account, userId } = leg.holder;
    if (account) {
      const column = coin ? ledgerAccounts.coins : ledgerAccounts.diamonds;
      const [row] = await tx
        .update(ledgerAccounts)
        .set({ [coin ? 'coins' : 'diamonds']: sql`${column} + ${leg.amount}` })
        .where(
          and(
            eq(ledgerAccounts.name, account),
            MAY_GO_NEGATIVE.has(account) ? undefined : sql`${column} + ${leg.amount} >= 0`,
          ),
        )
        .returning({ balance: column });
      return row && { balance: row.balance, channel: null };
    }
    const column = coin ? users.coins : users.diamonds;
    const [row] = await tx
      .update(users)
      .set({ [coin ? 'coins' : 'diamonds']: sql`${column} + ${leg.amount}` })
      .where(and(eq(users.uid, userId as number), sql`${column} + ${leg.amount} >= 0`))
      .returning({ balance: column, channel: users.promotionChannelId });
    return row;
  }

  /** Changes one balance and appends its row, in the ledger transaction given (or a new one). */
  async function post(tx: Executor, leg: Leg, transactionId: number | undefined) {
    const updated = await changeBalance(tx, leg);
    if (!updated) throw new AppError(leg.currency === 'coin' ? 'insufficientCoins' : 'insufficientDiamonds');
    const [row] = await tx
      .insert(coinRecords)
      .values({
        transactionId: transactionId ?? sql`nextval('ledger_transaction_ids')`,
        userId: leg.holder.userId ?? null,
        account: leg.holder.account ?? null,
        currency: leg.currency,
        type: leg.type,
        amount: leg.amount,
        balanceAfter: updated.balance,
        reference: leg.reference ?? null,
        idempotencyKey: leg.idempotencyKey,
        channel: updated.channel,
        details: leg.details ?? {},
      })
      .returning();
    if (!row) throw new Error('ledger row not written');
    return row;
  }

  /**
   * Moves money as one ledger transaction: one transfer, or several that belong together (a
   * gift: the viewer's coins to the platform, the anchor's diamonds from it), inside the caller's
   * database transaction or its own. Answers the first transfer's row of its user (its debit's
   * between two ledger accounts); a repeated key of the first transfer moves nothing again.
   */
  async function transfer(input: Transfer | readonly Transfer[], tx?: Executor): Promise<LedgerRow> {
    const transfers: readonly Transfer[] = Array.isArray(input) ? input : [input as Transfer];
    const [first] = transfers;
    if (!first) throw new Error('a ledger transaction needs a transfer');
    for (const t of transfers)
      if (!Number.isSafeInteger(t.amount) || t.amount <= 0)
        throw new Error(`a transfer needs a positive whole amount, got ${t.amount}`);
    if (!tx) {
      try {
        return await db.transaction((own) => transfer(transfers, own));
      } catch (err) {
        // Two requests with one key at the same moment: the loser's insert broke the unique key.
        const done = isUniqueViolation(err) && (await existing(db, primaryOf(first), first.idempotencyKey));
        if (done) return done;
        throw err;
      }
    }
    // Every holder is locked first, in one global order, so transactions that cross each other
    // wait instead of deadlocking; and a second transfer with the same key waits here for the
    // first to commit, then finds its row instead of failing on the unique key.
    const holders = new Map<string, Holder>();
    for (const t of transfers)
      for (const holder of [t.from, t.to])
        holders.set(holder.account ? `account:${holder.account}` : `user:${holder.userId}`, holder);
    for (const holder of [...holders.values()].sort((a, b) => lockOrder(a) - lockOrder(b)))
      await lockHolder(tx, holder);
    const primary = primaryOf(first);
    const repeated = await existing(tx, primary, first.idempotencyKey);
    if (repeated) return repeated;
    let transactionId: number | undefined;
    let answer: LedgerRow | undefined;
    for (const t of transfers)
      for (const leg of legsOf(t)) {
        const row = await post(tx, leg, transactionId);
        transactionId = row.transactionId;
        if (leg.holder === primary && t === first) answer = toRow(row);
      }
    return answer as LedgerRow;
  }

  /** A ledger account's balances. */
  async function accountBalance(account: LedgerAccount) {
    const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.name, account));
    return { coins: row?.coins ?? 0, diamonds: row?.diamonds ?? 0 };
  }

  return {
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
     * What is wrong with the books, empty when they are right: holders ("user:12",
     * "account:escrow") whose balance differs from the sum of their ledger rows, and ledger
     * transactions ("transaction:7") whose rows of a currency do not sum to zero (their
     * `balance` 0, what they should sum to; `ledger` what they do).
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
        select holder, currency, balance, ledger from balances where balance <> ledger
        union all
        select 'transaction:' || transaction_id, currency, 0, sum(amount)
        from coin_records group by transaction_id, currency having sum(amount) <> 0`);
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

export interface AuditFinding {
  /** "user:<uid>", "account:<name>" or "transaction:<id>". */
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
