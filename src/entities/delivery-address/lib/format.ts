import type { DeliveryAddressInput } from '@/shared/contract';

/** The country's name in `lang` (Intl), or its code. */
export function countryName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** An address as lines for display: recipient; street; city, region, postcode; country. */
export function addressLines(address: DeliveryAddressInput, lang: string): string[] {
  return [
    address.recipient,
    [address.line1, address.line2].filter(Boolean).join(', '),
    [address.city, address.region, address.postcode].filter(Boolean).join(', '),
    countryName(address.country, lang),
  ].filter((line) => line !== '');
}
