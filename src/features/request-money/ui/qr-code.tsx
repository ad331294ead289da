import { QRCodeSVG } from 'qrcode.react';

/** Loaded lazily with the sheet (qrcode.react stays out of the wallet's first chunk). */
export default function QrCode({ value, label }: { value: string; label: string }) {
  return <QRCodeSVG value={value} size={184} level="M" marginSize={2} role="img" aria-label={label} bgColor="#ffffff" fgColor="#000000" />;
}
