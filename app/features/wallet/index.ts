// What others use of the wallet: the recharge and membership dialogs.
export { RechargeDialog } from './recharge-dialog';
export { VipDialog } from './vip-dialog';
