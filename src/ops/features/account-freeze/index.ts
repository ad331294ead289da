export { AccountFreeze } from './ui/account-freeze';
export { freezeAccount, unfreezeAccount } from './model/account-freeze';
