export { randomTxHash, SANDBOX_SENDER_ADDRESS, SandboxTronChain } from './sandbox';
export { unconfiguredTronSource, type TronDepositSource, type TronTransfer } from './tron';
