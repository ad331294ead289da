/**
 * Paths of every screen (SPEC §2). Pages link with these instead of string literals; the router
 * (src/app/router) registers screens under the same paths.
 */
export const routePaths = {
  welcome: '/',
  signUp: '/signup',
  signIn: '/signin',
  verification: '/verification',
  wallet: '/wallet',
  cards: '/cards',
  /** Closed, blocked, rejected and failed cards (issue #14). */
  cardsArchive: '/cards/archive',
  settings: '/settings',
  cardIssue: '/card-issue',
  cardIssueDetail: (productId: string) => `/card-issue/detail/${encodeURIComponent(productId)}`,
  card: (cardId: string) => `/cards/${encodeURIComponent(cardId)}`,
  paymentSuccess: '/payment-success',
  paymentFailed: '/payment-failed',
  referral: '/referral',
  /** The activity centre (issue #35). */
  activity: '/activity',
  terms: '/terms',
  privacy: '/privacy',
  /** Legacy alias: redirects to the wallet. */
  main: '/main',
} as const;

/** Where a signed-in user lands (after sign-in, or when opening a public auth screen). */
export const HOME_PATH = routePaths.wallet;
/** Where a signed-out user is sent when opening a protected screen. */
export const SIGN_IN_PATH = routePaths.signIn;
