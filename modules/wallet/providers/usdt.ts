import { USDT_MICROS_PER_CENT } from '../wallet.contract';
import { type PaymentProvider, SignatureError, type VerifiedNotification } from './provider';

/** An incoming USDT transfer as a chain source reports it; amounts in millionths of a USDT. */
export interface ChainTransfer {
  txHash: string;
  to: string;
  amountMicros: number;
  confirmed: boolean;
}

/** Where the watcher learns about transfers to the receiving address (a node, an indexer, a test). */
export interface ChainSource {
  recentTransfersTo(address: string): Promise<ChainTransfer[]>;
}

/** micro-USDT as people write it: "142.860042". */
export const formatUsdt = (micros: number) => (micros / 1_000_000).toFixed(6);

/**
 * USDT (TRC-20) transfers to one configured address. Each open order has a unique amount (its
 * USD price plus a few millionths), so a transfer names its order; there is no callback, the
 * watcher confirms payments from the chain source.
 */
export function usdtProvider(address: string): PaymentProvider {
  return {
    name: 'usdt',
    acknowledgement: '',
    async start(order) {
      return { kind: 'transfer', address, amount: formatUsdt(order.amount), network: 'TRC-20' };
    },
    verify() {
      throw new SignatureError('USDT payments are confirmed by the chain watcher, not by callbacks');
    },
  };
}

/** The unique part of a USDT amount: 1 to 9999 millionths above the price, never a whole cent. */
export function usdtTail(random = Math.random): number {
  return 1 + Math.floor(random() * (USDT_MICROS_PER_CENT - 1));
}

/**
 * Polls the chain source and settles each confirmed transfer whose amount matches an open
 * order. Settling is idempotent, so seeing a transfer again changes nothing.
 */
export function createUsdtWatcher(deps: {
  source: ChainSource;
  address: string;
  orderFor(transfer: ChainTransfer): Promise<string | undefined>;
  settle(notification: VerifiedNotification): Promise<unknown>;
  onUnmatched(transfer: ChainTransfer): void;
}) {
  return {
    async poll(): Promise<void> {
      const transfers = await deps.source.recentTransfersTo(deps.address);
      for (const transfer of transfers) {
        if (!transfer.confirmed || transfer.to !== deps.address) continue;
        const orderNo = await deps.orderFor(transfer);
        if (!orderNo) {
          deps.onUnmatched(transfer);
          continue;
        }
        await deps.settle({
          orderNo,
          currency: 'USDT',
          amount: transfer.amountMicros,
          outcome: 'paid',
          providerRef: transfer.txHash,
        });
      }
    },
  };
}

/** The official USDT contract on TRON. */
const TRC20_USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** TronGrid's TRC-20 history of an address: confirmed incoming USDT transfers, newest first. */
export function tronGridSource(baseUrl: string): ChainSource {
  return {
    async recentTransfersTo(address) {
      const url = new URL(`/v1/accounts/${address}/transactions/trc20`, baseUrl);
      url.searchParams.set('only_to', 'true');
      url.searchParams.set('only_confirmed', 'true');
      url.searchParams.set('contract_address', TRC20_USDT);
      url.searchParams.set('limit', '50');
      const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!response.ok) throw new Error(`TronGrid answered ${response.status}`);
      const { data } = (await response.json()) as {
        data: { transaction_id: string; to: string; value: string }[];
      };
      return data.map((t) => ({
        txHash: t.transaction_id,
        to: t.to,
        amountMicros: Number(t.value),
        confirmed: true,
      }));
    },
  };
}
