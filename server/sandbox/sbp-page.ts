import type { SandboxInvoice } from './sbp';
import { formatMoney } from '@/shared/money';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** "123456.5 RUB" in the payer's eyes: 123 456,50 ₽. */

const STATUS_TEXT: Record<SandboxInvoice['status'], string> = {
  created: 'Awaiting payment',
  paid: 'Paid',
  declined: 'Declined',
  expired: 'Expired',
};

/**
 * The sandbox acquirer's payment page (a bank's SBP page stand-in): amount, merchant, order and invoice
 * numbers, and Pay / Decline buttons (plain forms, no script). Self-contained: inline CSS in the
 * product's colours, light and dark.
 */
export const renderSandboxPaymentPage = (input: {
  invoice: SandboxInvoice;
  /** Form targets. */
  payAction: string;
  declineAction: string;
  /** Where to go back once decided. */
  returnUrl: string | null;
  expired: boolean;
}): string => {
  const { invoice, expired } = input;
  const open = invoice.status === 'created' && !expired;
  const status = invoice.status === 'created' && expired ? 'Expired' : STATUS_TEXT[invoice.status];
  const rows: Array<[string, string]> = [
    ['Merchant', invoice.merchant],
    ['Purpose', invoice.description],
    ['Order', invoice.orderId],
    ['Invoice', invoice.invoiceId],
    ['Status', status],
  ];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="robots" content="noindex">
<title>SBP payment · Sandbox</title>
<style>
  :root { color-scheme: light dark; --bg: #f1f2f5; --card: #fff; --text: #000; --hint: #6d7278; --button: #2481cc;
    --button-text: #fff; --danger: #d93025; --sep: rgba(109,114,120,.28); --badge: #c77700; }
  @media (prefers-color-scheme: dark) { :root { --bg: #0f0f0f; --card: #1c1c1d; --text: #fff; --hint: #aaaaaa;
    --button: #3e88f7; --danger: #ff5b4f; --badge: #f0a93b; } }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; background: var(--bg); color: var(--text);
    font: 15px/1.4 system-ui, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }
  main { max-width: 420px; margin: 0 auto; padding: 24px 16px calc(24px + env(safe-area-inset-bottom)); }
  .sandbox { display: inline-block; padding: 2px 8px; border-radius: 8px; font-size: 13px; font-weight: 600;
    color: var(--badge); background: color-mix(in srgb, var(--badge) 14%, transparent); }
  h1 { font-size: 17px; font-weight: 600; margin: 12px 0 4px; }
  .amount { font-size: 34px; font-weight: 700; margin: 8px 0 20px; letter-spacing: -0.5px; }
  .card { background: var(--card); border-radius: 16px; padding: 4px 16px; margin-bottom: 24px; }
  dl { margin: 0; }
  .row { display: flex; justify-content: space-between; gap: 16px; padding: 12px 0; border-bottom: 1px solid var(--sep); }
  .row:last-child { border-bottom: 0; }
  dt { color: var(--hint); }
  dd { margin: 0; text-align: right; overflow-wrap: anywhere; font-weight: 500; }
  form { margin: 0 0 12px; }
  button, a.button { display: flex; align-items: center; justify-content: center; width: 100%; min-height: 48px;
    border: 0; border-radius: 12px; font: inherit; font-size: 17px; font-weight: 600; cursor: pointer; text-decoration: none; }
  button:focus-visible, a.button:focus-visible { outline: 3px solid color-mix(in srgb, var(--button) 55%, transparent); outline-offset: 2px; }
  .pay, a.button { background: var(--button); color: var(--button-text); }
  .decline { background: color-mix(in srgb, var(--danger) 14%, transparent); color: var(--danger); }
  .note { color: var(--hint); font-size: 13px; text-align: center; margin-top: 16px; }
  .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
</style>
</head>
<body>
<main>
  <span class="sandbox">Sandbox · no real money</span>
  <h1>Fast Payment System (SBP)</h1>
  <p class="amount"><span class="visually-hidden">Amount: </span>${escapeHtml(formatMoney({ amount: invoice.amount, currency: 'RUB' }, 'ru'))}</p>
  <div class="card"><dl>
${rows.map(([name, value]) => `    <div class="row"><dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd></div>`).join('\n')}
  </dl></div>
${
  open
    ? `  <form method="post" action="${escapeHtml(input.payAction)}"><button class="pay" type="submit">Pay</button></form>
  <form method="post" action="${escapeHtml(input.declineAction)}"><button class="decline" type="submit">Decline</button></form>
  <p class="note">The bank confirms the payment to the merchant a moment after you press Pay.</p>`
    : input.returnUrl
      ? `  <a class="button" href="${escapeHtml(input.returnUrl)}">Return to the app</a>`
      : `  <p class="note">This invoice can no longer be paid.</p>`
}
</main>
</body>
</html>`;
};
