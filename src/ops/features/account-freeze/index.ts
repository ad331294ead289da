export { AccountFreeze } from './ui/account-freeze';
