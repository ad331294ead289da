export { unconfiguredTronSource, type TronDepositSource, type TronTransfer } from './tron';
