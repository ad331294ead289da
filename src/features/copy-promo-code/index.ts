export { CopyPromoCodeButton } from './ui/copy-promo-code-button';
