export { WithdrawalDecisionButtons, WithdrawalDecisionDialogs } from './ui/withdrawal-decision';
export { approveWithdrawal, declineWithdrawal, decisionOpened, withdrawalDecided, decisionFailed } from './model/withdrawal-decision';
