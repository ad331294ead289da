export { ResolveDepositButtons, ResolveDepositDialogs } from './ui/held-deposit-resolve';
export { creditDeposit, returnDeposit } from './model/held-deposit-resolve';
