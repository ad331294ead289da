/** Filling the delivery address of a physical card order (card controls), in the app's language. */
import type { Page } from 'playwright-core';
import { appTexts } from './texts';

export interface TestAddress {
  country: string;
  recipient: string;
  line1: string;
  city: string;
  region?: string;
  postcode?: string;
}

export const E2E_ADDRESS: Record<'en' | 'ru', TestAddress> = {
  en: { country: 'US', recipient: 'Anna Smith', line1: '1600 Pennsylvania Ave NW', city: 'Washington', region: 'DC', postcode: '20500' },
  ru: { country: 'RU', recipient: 'Иван Петров', line1: 'ул. Тверская, д. 1, кв. 5', city: 'Москва', postcode: '125009' },
};

const labels = (lang: 'en' | 'ru') => appTexts(lang, 'delivery-address') as Record<string, string>;

/** Fills the address section of the product screen (the card-issue form) with `address`. */
export async function fillDeliveryAddress(page: Page, lang: 'en' | 'ru', address: TestAddress = E2E_ADDRESS[lang]): Promise<void> {
  const a = labels(lang);
  const section = page.getByTestId('delivery-address');
  await section.getByLabel(a.country!, { exact: true }).selectOption(address.country);
  await section.getByLabel(a.recipient!, { exact: true }).fill(address.recipient);
  await section.getByLabel(a.line1!, { exact: true }).fill(address.line1);
  await section.getByLabel(a.city!, { exact: true }).fill(address.city);
  if (address.region) {
    const region = section.getByLabel(address.country === 'US' ? a.state! : a.region!, { exact: true });
    if (address.country === 'US') await region.selectOption(address.region);
    else await region.fill(address.region);
  }
  if (address.postcode) await section.getByLabel(a.postcode!, { exact: true }).fill(address.postcode);
}
