/** Telegram invoices (6.1+): opens a t.me/invoice link and resolves with its final status. */
import { invoice } from '@telegram-apps/sdk-react';
import { fail, settle, type BridgeResult } from '../bridge-result';
import { preflight } from './preflight';

export type InvoiceStatus = 'paid' | 'failed' | 'pending' | 'cancelled';

const SLUG = /^[A-Za-z0-9\-_=]+$/;
const INVOICE_PATH = /^\/(\$|invoice\/)([A-Za-z0-9\-_=]+)$/;

/**
 * `urlOrSlug`: `https://t.me/invoice/<slug>`, `https://t.me/$<slug>` or the bare slug.
 * Other URLs → 'invalid' (the SDK has no generic openUrl for invoices).
 */
export async function openInvoice(urlOrSlug: string): Promise<BridgeResult<InvoiceStatus>> {
  const input = urlOrSlug.trim();
  let slug: string | undefined;
  if (/^https?:\/\//i.test(input)) {
    try {
      const url = new URL(input);
      slug = url.hostname === 't.me' ? INVOICE_PATH.exec(url.pathname)?.[2] : undefined;
    } catch {
      slug = undefined;
    }
  } else if (SLUG.test(input)) {
    slug = input;
  }
  if (!slug) return fail('invalid', 'platform:errors.invoiceLink');

  const blocked = preflight(invoice.open);
  if (blocked) return blocked;
  const result = await settle(() => invoice.open(slug));
  return result.ok ? { ok: true, value: result.value as InvoiceStatus } : result;
}
