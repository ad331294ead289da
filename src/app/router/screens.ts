import type { ComponentType } from 'react';
import { WelcomePage } from '@/pages/welcome';
import { routePaths } from '@/shared/config';

/**
 * SPEC §2 route groups:
 *  - 'auth'      public authentication layout (/, /signup, /signin, /verification); signed-in users are
 *                sent from /, /signin and /signup to the wallet (or to their returnTo);
 *  - 'app'       the shell with bottom tabs (/wallet, /cards, /settings); requires a session;
 *  - 'protected' full screens with a back action (/card-issue, /cards/:cardId, /payment-*, /referral);
 *                requires a session.
 */
export type ScreenLayout = 'auth' | 'app' | 'protected';

interface ScreenRouteBase {
  /** React Router path pattern, e.g. '/cards/:cardId'. */
  path: string;
  layout: ScreenLayout;
  /**
   * i18n namespaces the screen uses besides the core ones (common, shell, welcome), e.g. ['wallet', 'errors']:
   * fetched in parallel with the chunk, so the screen does not wait for them after its code arrived.
   * Optional: `useTranslation(ns)` loads a missing namespace anyway (one round trip later).
   */
  namespaces?: readonly string[];
}

export type ScreenRoute = ScreenRouteBase &
  (
    | {
        /** Lazy page component: the page slice's chunk is fetched on first visit (skeleton meanwhile). */
        load: () => Promise<ComponentType>;
      }
    | {
        /**
         * ONLY the Welcome: the page bundled into the entry chunk (the first screen of a signed-out user is
         * part of the bundle budget anyway; one file less on the critical path and -2 KB gzip).
         */
        component: ComponentType;
      }
  );

/**
 * THE route table. Register a screen by adding ONE entry (only screens that exist are listed):
 *
 *   { path: routePaths.signIn, layout: 'auth', load: () => import('@/pages/sign-in').then((m) => m.SignInPage) },
 *   { path: '/cards/:cardId', layout: 'protected', load: () => import('@/pages/card').then((m) => m.CardPage), namespaces: ['cards', 'errors'] },
 *
 * Every screen but the Welcome is a lazy `load` entry: never import another page statically anywhere in
 * src/app (it would land in every first screen: docs/performance.md "Bundle budget").
 * /main → /wallet and "unknown path → /" are built in (router/routes.tsx).
 */
export const screens: readonly ScreenRoute[] = [
  { path: routePaths.welcome, layout: 'auth', component: WelcomePage },
  { path: routePaths.signUp, layout: 'auth', load: () => import('@/pages/sign-up').then((m) => m.SignUpPage), namespaces: ['errors'] },
  { path: routePaths.signIn, layout: 'auth', load: () => import('@/pages/sign-in').then((m) => m.SignInPage), namespaces: ['errors'] },
  { path: routePaths.verification, layout: 'auth', load: () => import('@/pages/verification').then((m) => m.VerificationPage), namespaces: ['errors'] },
  { path: routePaths.terms, layout: 'auth', load: () => import('@/pages/legal').then((m) => m.TermsPage) },
  { path: routePaths.privacy, layout: 'auth', load: () => import('@/pages/legal').then((m) => m.PrivacyPage) },
  { path: routePaths.settings, layout: 'app', load: () => import('@/pages/settings').then((m) => m.SettingsPage), namespaces: ['errors'] },
  { path: routePaths.cards, layout: 'app', load: () => import('@/pages/cards').then((m) => m.CardsPage), namespaces: ['cards', 'errors'] },
  { path: routePaths.cardsArchive, layout: 'protected', load: () => import('@/pages/cards-archive').then((m) => m.CardsArchivePage), namespaces: ['cards', 'errors'] },
  { path: '/cards/:cardId', layout: 'protected', load: () => import('@/pages/card-detail').then((m) => m.CardDetailPage), namespaces: ['cards', 'transactions', 'errors', 'platform'] },
  { path: routePaths.cardIssue, layout: 'protected', load: () => import('@/pages/card-issue').then((m) => m.CardIssuePage), namespaces: ['errors'] },
  // Optional id: without one the screen says "Please select a card product" (SPEC §5).
  { path: '/card-issue/detail/:productId?', layout: 'protected', load: () => import('@/pages/card-issue-detail').then((m) => m.CardIssueDetailPage), namespaces: ['errors'] },
  { path: routePaths.referral, layout: 'protected', load: () => import('@/pages/referral').then((m) => m.ReferralPage), namespaces: ['errors'] },
  { path: routePaths.activity, layout: 'protected', load: () => import('@/pages/activity').then((m) => m.ActivityPage), namespaces: ['notifications', 'errors'] },
  // SPEC §2 implies a profile screen without a path: /profile (docs/notifications.md "Referral & settings (client)").
  { path: '/profile', layout: 'protected', load: () => import('@/pages/profile').then((m) => m.ProfilePage), namespaces: ['errors'] },
  { path: routePaths.wallet, layout: 'app', load: () => import('@/pages/wallet').then((m) => m.WalletPage), namespaces: ['wallet'] },
  { path: routePaths.paymentSuccess, layout: 'protected', load: () => import('@/pages/payment-success').then((m) => m.PaymentSuccessPage), namespaces: ['wallet', 'errors'] },
  { path: routePaths.paymentFailed, layout: 'protected', load: () => import('@/pages/payment-failed').then((m) => m.PaymentFailedPage), namespaces: ['errors'] },
];
