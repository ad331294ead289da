export { loadTronConfig, tronProductionProblems, USDT_TRC20_MAINNET_CONTRACT, type TronConfig, type TronGridConfig } from './config';
export { unconfiguredTronSource, type TronDepositSource, type TronTransfer } from './tron';
export { parseTronGridCursor, TronGridError, TronGridSource, type TronGridSourceOptions } from './trongrid';
