/**
 * The signed-in Wallet's first-paint GETs as the transport sends them (pages/wallet `walletPageDataRequested`: the
 * balances, the quotes for the total, the first history page, the config). Boot sends them with the session, before
 * the wallet's code has arrived (app/boot/start.tsx, @/shared/api `startEarlyGets`); the page's queries take the replies.
 * `pages/wallet/model/wallet-page.test.ts` keeps this list equal to what those queries request.
 */
export const WALLET_FIRST_PAINT_GETS = ['/api/wallet', '/api/config/exchange-rates', '/api/wallet/transactions?limit=20', '/api/config'] as const;
