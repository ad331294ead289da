import type { ComponentType } from 'react';
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

export interface ScreenRoute {
  /** React Router path pattern, e.g. '/cards/:cardId'. */
  path: string;
  layout: ScreenLayout;
  /** Lazy page component: the page slice's chunk is fetched on first visit (skeleton meanwhile). */
  load: () => Promise<ComponentType>;
  /**
   * i18n namespaces the screen uses besides the core ones (common, shell, welcome), e.g. ['wallet', 'errors']:
   * fetched in parallel with the chunk, so the screen does not wait for them after its code arrived.
   * Optional: `useTranslation(ns)` loads a missing namespace anyway (one round trip later).
   */
  namespaces?: readonly string[];
}

/**
 * THE route table. Register a screen by adding ONE entry (only screens that exist are listed):
 *
 *   { path: routePaths.signIn, layout: 'auth', load: () => import('@/pages/sign-in').then((m) => m.SignInPage) },
 *   { path: '/cards/:cardId', layout: 'protected', load: () => import('@/pages/card').then((m) => m.CardPage), namespaces: ['cards', 'errors'] },
 *
 * Never import a page statically anywhere in src/app: every page must stay a lazy chunk (bundle budget).
 * /main → /wallet and "unknown path → /" are built in (router/routes.tsx).
 */
export const screens: readonly ScreenRoute[] = [
  { path: routePaths.welcome, layout: 'auth', load: () => import('@/pages/welcome').then((m) => m.WelcomePage) },
  { path: routePaths.signUp, layout: 'auth', load: () => import('@/pages/sign-up').then((m) => m.SignUpPage) },
  { path: routePaths.signIn, layout: 'auth', load: () => import('@/pages/sign-in').then((m) => m.SignInPage) },
  { path: routePaths.verification, layout: 'auth', load: () => import('@/pages/verification').then((m) => m.VerificationPage) },
  { path: routePaths.settings, layout: 'app', load: () => import('@/pages/settings').then((m) => m.SettingsPage) },
  { path: routePaths.referral, layout: 'protected', load: () => import('@/pages/referral').then((m) => m.ReferralPage) },
  // SPEC §2 implies a profile screen without a path: /profile (docs/frontend.md "Referral & settings (client)").
  { path: '/profile', layout: 'protected', load: () => import('@/pages/profile').then((m) => m.ProfilePage) },
];
