export { promoCodeCopyRequested, copyPromoCodeFx, copyFeedbackFx, $copyResult, COPY_FAILED_KEY } from './model/copy-promo-code';
export { CopyPromoCodeButton, type CopyPromoCodeButtonProps } from './ui/copy-promo-code-button';
