/**
 * A QR code (qrcode.react), for the lazy sheets that show one (the USDT deposit address, the payment link): only
 * lazy chunks import it, so it never reaches a first screen.
 */
export { default as QrCode } from './qr-code';
