export { usdtTopUpOpened, $usdtTopUpOpen } from './model/sheet';
export { UsdtTopUpSheet } from './ui/lazy-usdt-topup-sheet';
