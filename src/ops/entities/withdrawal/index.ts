export { WithdrawalDestination, HeldBecause } from './ui/withdrawal-destination';
export { WithdrawalFacts } from './ui/withdrawal-facts';
