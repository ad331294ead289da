export { usdtTopUpOpened, usdtTopUpClosed, $usdtTopUpOpen } from './model/sheet';
export { checkUsdtAmount, usdtExactAmount, usdtCredit, minimumWholeUsdt, type UsdtAmountCheck } from './lib/usdt-amount';
export { UsdtTopUpSheet } from './ui/lazy-usdt-topup-sheet';
