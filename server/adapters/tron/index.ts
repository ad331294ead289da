export { unconfiguredTronSource, type TronDepositSource, type TronTransfer } from './tron';
export { parseTronGridCursor, TronGridError, TronGridSource, type TronGridSourceOptions } from './trongrid';
export { TronSenderError, type SignedTronTransfer, type TronSender, type TronTransferState } from './sender';
export { TronGridSender, tronAddressOfKey, type TronGridSenderOptions } from './trongrid-sender';
