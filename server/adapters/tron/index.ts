export { unconfiguredTronSource, type TronDepositSource, type TronTransfer } from './tron';
export { parseTronGridCursor, TronGridError, TronGridSource, type TronGridSourceOptions } from './trongrid';
