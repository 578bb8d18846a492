import type { Database } from '../../db/client';
import type { FileStorage } from '../../platform/file-storage';
import type { WalletDomain } from '../wallet';
import { createBoxes } from './boxes.service';
import { createGoods } from './goods.service';
import { createOrders } from './orders.service';

/** What the mall is built from. */
export interface MallDeps {
  database: Database;
  wallet: WalletDomain;
  storage: FileStorage;
}

/** The coin mall: goods, orders and blind boxes, built once by the composition root. */
export function createMall({ database, wallet, storage }: MallDeps) {
  const { db } = database;
  const orders = createOrders({ db, wallet });
  return {
    goods: createGoods({ db, storage }),
    orders,
    boxes: createBoxes({ db, wallet, orders }),
  };
}

export type Mall = ReturnType<typeof createMall>;
