export { unconfiguredTronSource, type TronDepositSource, type TronTransfer } from './tron';
export { TronGridError, TronGridSource } from './trongrid';
