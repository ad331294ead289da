export { HeldMoneyPage } from './ui/held-money-page';
