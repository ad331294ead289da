export { unconfiguredTronSource, type TronDepositSource, type TronTransfer } from './tron';
export { TronGridError, TronGridSource } from './trongrid';
export { type SignedTronTransfer, type TronSender, type TronTransferState } from './sender';
export { TronGridSender } from './trongrid-sender';
