/**
 * The app's words as e2e tests read them, by namespace: a shared one (src/shared/i18n/locales/<lang>/<ns>.json) or one
 * a slice declares with defineTexts (its i18n/locales/<lang>.json, beside the texts.ts naming it; docs/frontend.md "i18n").
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ROOT } from './server';

type Lang = 'en' | 'ru';
type Json = Record<string, any>;

let sliceDirs: Map<string, string> | undefined;

/** Namespace → the folder of the slice's texts.ts that declares it. */
function sliceTextsDirs(): Map<string, string> {
  if (sliceDirs) return sliceDirs;
  sliceDirs = new Map();
  const src = resolve(ROOT, 'src');
  for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('texts.ts')) continue;
    const path = join(src, file);
    for (const match of readFileSync(path, 'utf8').matchAll(/defineTexts\(\s*'([^']+)'/g)) sliceDirs.set(match[1]!, dirname(path));
  }
  return sliceDirs;
}

export function appTexts(lang: Lang, ns: string): Json {
  const shared = resolve(ROOT, `src/shared/i18n/locales/${lang}/${ns}.json`);
  if (existsSync(shared)) return JSON.parse(readFileSync(shared, 'utf8'));
  const dir = sliceTextsDirs().get(ns);
  if (!dir) throw new Error(`No translations "${ns}": neither src/shared/i18n/locales/${lang}/${ns}.json nor a slice's defineTexts('${ns}')`);
  return JSON.parse(readFileSync(join(dir, 'locales', `${lang}.json`), 'utf8'));
}

/**
 * The wallet screen's words (`wallet`), what its money sheets share (entities/wallet: `failureReasons`, `send`), a
 * payment's words (`payment`, features/topup-sbp's, shown by the payment pages too) and each sheet's
 * own (its slice's), under the sheet's name: `usdt`, `exchange`, `sbp`, `send` (with the words the money sheets share), `request`, `link`, `withdraw`.
 */
export const walletTexts = (lang: Lang): Json => ({
  ...appTexts(lang, 'wallet'),
  ...appTexts(lang, 'wallet-entity'),
  payment: appTexts(lang, 'topup-sbp').payment,
  usdt: appTexts(lang, 'topup-usdt'),
  exchange: appTexts(lang, 'exchange-currency'),
  sbp: appTexts(lang, 'topup-sbp'),
  send: { ...appTexts(lang, 'wallet-entity').send, ...appTexts(lang, 'send-money') },
  request: appTexts(lang, 'request-money'),
  link: appTexts(lang, 'request-money').link,
  withdraw: appTexts(lang, 'withdraw-money'),
});

/** The card lifecycle's words, under each card action's name; the archive's (widgets/card-list) under `archive`. */
export const cardLifecycleTexts = (lang: Lang): Json => {
  const close = appTexts(lang, 'card-close');
  return {
    irreversible: close.irreversible,
    archive: appTexts(lang, 'card-list').archive,
    close,
    block: appTexts(lang, 'card-block'),
    replace: appTexts(lang, 'card-replace'),
    withdraw: appTexts(lang, 'card-withdraw'),
  };
};

/** The card controls' words: the delivery address (entities/delivery-address), the limits' and the shipping tracker's. */
export const cardControlsTexts = (lang: Lang): Json => ({
  address: appTexts(lang, 'delivery-address'),
  limits: appTexts(lang, 'card-limits'),
  shipping: appTexts(lang, 'card-shipping'),
});

const deepMerge = (target: Json, source: Json): Json => {
  const merged: Json = { ...target };
  for (const [key, value] of Object.entries(source)) {
    merged[key] = value && typeof value === 'object' && merged[key] && typeof merged[key] === 'object' ? deepMerge(merged[key], value) : value;
  }
  return merged;
};

/**
 * The transaction details sheet's words as it looks them up: its own (`transaction-details`), the labels a receipt prints
 * too (`transactions`, shared with the server: card transactions' and purchases' names, statuses, ids, amounts) and why a
 * deposit is held (`hold`, the transaction entity's).
 */
export const detailsTexts = (lang: Lang): Json => deepMerge(deepMerge(appTexts(lang, 'transactions'), appTexts(lang, 'transaction-details')), appTexts(lang, 'transaction'));

/**
 * The card screens' words in one object, each part under the name it had in the former `cards` namespace (now each
 * slice's own, docs/frontend.md "i18n"): the shared `cards` (status names), the card entity's, the product entity's, each
 * card action's, page's and widget's, and from the shared `transactions` a card transaction's name (`transaction`) and a
 * purchase's (`trade`).
 */
export const cardTexts = (lang: Lang): Json => {
  const card = appTexts(lang, 'card');
  const product = appTexts(lang, 'card-product');
  const issueDetail = appTexts(lang, 'card-issue-detail');
  const topUp = appTexts(lang, 'card-topup');
  const activate = appTexts(lang, 'card-activate');
  const freeze = appTexts(lang, 'card-freeze');
  const transactions = appTexts(lang, 'transactions');
  return {
    ...appTexts(lang, 'cards'),
    ...card,
    actions: { topUp: topUp.button, activate: activate.button, freeze: freeze.freeze, unfreeze: freeze.unfreeze },
    list: { ...appTexts(lang, 'cards-page'), ...appTexts(lang, 'card-list') },
    catalog: { ...appTexts(lang, 'card-issue-page'), ...product.catalog, selectProductText: issueDetail.selectProductText, toCatalog: issueDetail.toCatalog },
    product: { ...product.product, feesTitle: issueDetail.feesTitle, descriptionTitle: issueDetail.descriptionTitle, requirementsTitle: issueDetail.requirementsTitle },
    issue: { ...appTexts(lang, 'card-issue'), holderPlaceholder: issueDetail.holderPlaceholder },
    walletFunds: appTexts(lang, 'wallet-entity'),
    topUp,
    activate,
    reveal: appTexts(lang, 'card-reveal'),
    detail: { ...appTexts(lang, 'card-detail'), ...appTexts(lang, 'card-panel'), loading: card.loading },
    history: appTexts(lang, 'card-history'),
    transaction: transactions.cardTransaction,
    trade: transactions.trade,
  };
};

/**
 * The signed-out screens' and a user's words, in the shape the shared `auth` namespace had: `fields`, `validation`,
 * `banner` (entities/user), `code`, `serverErrors` (features/verify-email-code), `signUp`, `countries`, `signIn`,
 * `verification` (their pages), `signOut` (features/sign-out).
 */
export const authTexts = (lang: Lang): Json => ({
  ...appTexts(lang, 'user'),
  ...appTexts(lang, 'verify-email-code'),
  ...appTexts(lang, 'sign-up'),
  ...appTexts(lang, 'sign-in'),
  ...appTexts(lang, 'verification'),
  ...appTexts(lang, 'sign-out'),
});
