/**
 * The sandbox panel (issue #35 "Trying it"): one page in the browser, `GET /api/dev/panel`, that exists only while the
 * sandbox is on (like every /api/dev/* route; 404 otherwise). Plain forms, no script: each form posts to
 * `POST /api/dev/panel` with the sandbox token typed on the page (never in a URL or storage) and one action, which the
 * panel runs through the sandbox's own /api/dev/* endpoints (so the page can do nothing those cannot) and shows the
 * answer under the forms. The actions are the sandbox's outside world: the mailbox (sign-in codes), the bot's outbox,
 * a TRON deposit, an SBP invoice paid or declined, how withdrawals end (TRON network, SBP payouts), the card issuer (a shipment's next step, a purchase, outcomes),
 * and the per-network code limit of the caller's address reset.
 */
export interface PanelField {
  name: string;
  label: string;
  placeholder?: string;
  options?: readonly string[];
}

export interface PanelAction {
  id: string;
  title: string;
  help: string;
  fields: readonly PanelField[];
  /** The dev endpoint call the action makes from its (validated by the endpoint) form values. */
  request: (values: Record<string, string>) => { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown> };
}

const enc = encodeURIComponent;
const optional = (value: string | undefined): string | undefined => (value && value.trim() ? value.trim() : undefined);

export const PANEL_ACTIONS: readonly PanelAction[] = [
  {
    id: 'mailbox',
    title: 'Mailbox',
    help: 'The latest emails sent to an address, with their sign-in codes.',
    fields: [{ name: 'email', label: 'Email', placeholder: 'you@example.com' }],
    request: (v) => ({ method: 'GET', url: `/api/dev/mailbox?email=${enc(v.email ?? '')}` }),
  },
  {
    id: 'code-limit-reset',
    title: 'Sign-in code limit',
    help: "Resets the per-network limit of email codes for this browser's address (the codes already sent stay valid).",
    fields: [],
    request: () => ({ method: 'POST', url: '/api/dev/code-limits/reset', payload: {} }),
  },
  {
    id: 'bot-outbox',
    title: 'Bot outbox',
    help: 'What the bot sent to a Telegram chat (the chat id is the Telegram user id).',
    fields: [{ name: 'chatId', label: 'Chat id', placeholder: '123456789' }],
    request: (v) => ({ method: 'GET', url: `/api/dev/bot-outbox?chatId=${enc(v.chatId ?? '')}` }),
  },
  {
    id: 'tron-transfer',
    title: 'TRON: a USDT deposit',
    help: 'A TRC20 transfer to the deposit address; the decimals carry the deposit tag shown in the app (e.g. 20.123456).',
    fields: [{ name: 'amount', label: 'Amount (USDT)', placeholder: '20.123456' }],
    request: (v) => ({ method: 'POST', url: '/api/dev/tron/transfers', payload: { amount: v.amount ?? '' } }),
  },
  {
    id: 'sbp-decide',
    title: 'SBP: an invoice',
    help: 'Pays or declines an SBP invoice (its id is under "Details for support" on the payment page).',
    fields: [
      { name: 'invoiceId', label: 'Invoice id' },
      { name: 'decision', label: 'Decision', options: ['pay', 'decline'] },
    ],
    request: (v) => ({ method: 'POST', url: `/api/dev/sbp/invoices/${enc(v.invoiceId ?? '')}/${enc(v.decision ?? '')}` }),
  },
  {
    id: 'withdrawal-outcomes',
    title: 'Withdrawals: how they end',
    help: 'How the withdrawals sent from now on end: on the TRON network (confirmed, failed, or never included) and at the SBP payout provider (paid or declined), after a delay. A failed one is refunded.',
    fields: [
      { name: 'tron', label: 'TRON (USDT)', options: ['confirm', 'fail', 'drop'] },
      { name: 'sbp', label: 'SBP (RUB)', options: ['succeed', 'fail'] },
      { name: 'delayMs', label: 'Delay (ms)', placeholder: '5000' },
    ],
    request: (v) => {
      const delayMs = optional(v.delayMs) === undefined ? undefined : Number(v.delayMs);
      return {
        method: 'POST',
        url: '/api/dev/withdrawals/outcomes',
        payload: { tron: { outcome: v.tron ?? '', ...(delayMs === undefined ? {} : { delayMs }) }, sbp: { outcome: v.sbp ?? '', ...(delayMs === undefined ? {} : { delayMs }) } },
      };
    },
  },
  {
    id: 'card-shipment',
    title: 'Issuer: a physical card on its way',
    help: 'The next step of a physical card (made, shipped with a tracking number, delivered).',
    fields: [{ name: 'cardId', label: 'Card id' }],
    request: (v) => ({ method: 'POST', url: `/api/dev/cards/${enc(v.cardId ?? '')}/shipment/advance` }),
  },
  {
    id: 'card-purchase',
    title: 'Issuer: a purchase',
    help: 'A purchase on a card, in minor units of its currency (1234 = 12.34).',
    fields: [
      { name: 'cardId', label: 'Card id' },
      { name: 'amount', label: 'Amount (minor units)', placeholder: '1234' },
      { name: 'merchant', label: 'Merchant', placeholder: 'SANDBOX MERCHANT' },
    ],
    request: (v) => ({
      method: 'POST',
      url: `/api/dev/cards/${enc(v.cardId ?? '')}/purchase`,
      payload: { amount: Number(v.amount), ...(optional(v.merchant) ? { merchant: optional(v.merchant) } : {}) },
    }),
  },
  {
    id: 'issuer-mode',
    title: 'Issuer: outcomes',
    help: 'How the issuer answers card issues from now on, for every card.',
    fields: [{ name: 'issue', label: 'Issue', options: ['ok', 'reject', 'fail', 'unavailable'] }],
    request: (v) => ({ method: 'POST', url: '/api/dev/card-issuer/mode', payload: { issue: v.issue ?? '' } }),
  },
];

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

const field = (f: PanelField): string =>
  f.options
    ? `<label>${escapeHtml(f.label)}<select name="${f.name}">${f.options.map((o) => `<option>${escapeHtml(o)}</option>`).join('')}</select></label>`
    : `<label>${escapeHtml(f.label)}<input name="${f.name}" autocomplete="off"${f.placeholder ? ` placeholder="${escapeHtml(f.placeholder)}"` : ''}></label>`;

export interface PanelResult {
  title: string;
  status: number;
  body: string;
}

/** The page: the token, every action's form, and the last action's answer. */
export const renderSandboxPanel = ({ token, result }: { token: string; result?: PanelResult }): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox panel · Tonic Wallet</title>
<style>
  :root { color-scheme: light dark; --bg: #f1f2f5; --card: #fff; --text: #000; --hint: #6d7278; --button: #2481cc;
    --danger: #d93025; --badge: #c77700; }
  @media (prefers-color-scheme: dark) { :root { --bg: #0f0f0f; --card: #1c1c1d; --text: #fff; --hint: #aaa;
    --button: #3e88f7; --danger: #ff5b4f; --badge: #f0a93b; } }
  * { box-sizing: border-box; }
  body { margin: 0; background: var(--bg); color: var(--text); font: 15px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
  main { max-width: 720px; margin: 0 auto; padding: 24px 16px; }
  h1 { font-size: 22px; margin: 0 0 4px; }
  .badge { color: var(--badge); font-weight: 600; }
  p { color: var(--hint); margin: 4px 0 12px; }
  section { background: var(--card); border-radius: 14px; padding: 12px 16px; margin: 12px 0; }
  h2 { font-size: 16px; margin: 0; }
  form { display: flex; flex-wrap: wrap; gap: 8px; align-items: flex-end; }
  label { display: flex; flex-direction: column; gap: 2px; font-size: 13px; color: var(--hint); }
  input, select { font: inherit; padding: 6px 8px; border-radius: 8px; border: 1px solid var(--hint); background: transparent; color: var(--text); min-width: 10em; }
  button { font: inherit; font-weight: 600; padding: 7px 14px; border: 0; border-radius: 8px; background: var(--button); color: #fff; cursor: pointer; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 13px; margin: 8px 0 0; }
  .failed { color: var(--danger); }
</style>
</head>
<body>
<main>
<h1>Sandbox panel <span class="badge">SANDBOX</span></h1>
<p>The sandbox's outside world: nothing here is real mail, money or cards. Each action needs the server's sandbox token
(<code>npm start</code> prints it; <code>SANDBOX_TOKEN</code> sets it).</p>
${
  result
    ? `<section aria-live="polite" id="result"><h2>${escapeHtml(result.title)}: <span class="${result.status < 400 ? '' : 'failed'}">${result.status}</span></h2><pre>${escapeHtml(result.body)}</pre></section>`
    : ''
}
${PANEL_ACTIONS.map(
  (action) => `<section aria-labelledby="a-${action.id}">
<h2 id="a-${action.id}">${escapeHtml(action.title)}</h2>
<p>${escapeHtml(action.help)}</p>
<form method="post" action="/api/dev/panel">
<input type="hidden" name="action" value="${action.id}">
<label>Sandbox token<input type="password" name="token" value="${escapeHtml(token)}" autocomplete="off" required></label>
${action.fields.map(field).join('\n')}
<button type="submit">${action.fields.length ? 'Run' : 'Reset'}</button>
</form>
</section>`,
).join('\n')}
</main>
</body>
</html>`;
