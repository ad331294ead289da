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
}

/**
 * THE route table. Register a screen by adding ONE entry (only screens that exist are listed):
 *
 *   { path: routePaths.signIn, layout: 'auth', load: () => import('@/pages/sign-in').then((m) => m.SignInPage) },
 *   { path: '/cards/:cardId', layout: 'protected', load: () => import('@/pages/card').then((m) => m.CardPage) },
 *
 * /main → /wallet and "unknown path → /" are built in (router/create-router.tsx).
 */
export const screens: readonly ScreenRoute[] = [
  { path: routePaths.welcome, layout: 'auth', load: () => import('@/pages/welcome').then((m) => m.WelcomePage) },
];
