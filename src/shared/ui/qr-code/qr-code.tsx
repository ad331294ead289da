import { QRCodeSVG } from 'qrcode.react';

/** A QR code of `value`; import it only from lazy chunks (qrcode.react stays out of the first screens). */
export default function QrCode({ value, label }: { value: string; label: string }) {
  return <QRCodeSVG value={value} size={168} level="M" marginSize={2} role="img" aria-label={label} bgColor="#ffffff" fgColor="#000000" />;
}
