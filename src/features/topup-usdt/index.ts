export {
  usdtTopUpOpened,
  usdtTopUpClosed,
  usdtAmountChanged,
  usdtCopyRequested,
  usdtTransferSent,
  $usdtTopUpOpen,
  $usdtAmountText,
  $usdtAmountCheck,
  $usdtExactAmount,
  type UsdtCopyTarget,
} from './model/usdt-topup';
export { checkUsdtAmount, usdtExactAmount, minimumWholeUsdt, type UsdtAmountCheck } from './lib/usdt-amount';
export { UsdtTopUpSheet } from './ui/lazy-usdt-topup-sheet';
