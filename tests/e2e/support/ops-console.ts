/**
 * The operator console in e2e tests (docs/ops.md): an operator made as `npm run ops -- create-operator` makes one, and
 * their whole sign-in at /ops/ on a desktop page — the emailed code, then the authenticator set up from the secret the
 * page shows (the code computed from it, as an authenticator app would).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import type { OperatorRole } from '@/shared/contract/core';
import { systemClock } from '../../../server/clock';
import { createOperator, totpCodeAt } from '../../../server/modules/ops';
import { uniqueEmail, visible } from './api';
import type { AppHandle } from './fixtures';
import { readMailboxCode } from './mailbox';
import { saveScreenshot } from './artifacts';
import { ROOT } from './server';

export type ConsoleLang = 'en' | 'ru';
type Json = Record<string, any>;

/** The console's words (src/ops/shared/i18n/locales/<lang>/<ns>.json); the app's are `appTexts` (./texts). */
export const consoleTexts = (lang: ConsoleLang, ns: string): Json => JSON.parse(readFileSync(resolve(ROOT, `src/ops/shared/i18n/locales/${lang}/${ns}.json`), 'utf8'));
/** i18next's `{{name}}` placeholders filled. */
export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

export const DESKTOP_VIEWPORT = { width: 1280, height: 860 };

/**
 * An operator signed in at /ops/ for the first time, on a new desktop page in `lang`: a new one with `roles` made as the
 * command-line tool makes one, or one an admin added (`email`); `screenshot` names the enrolment step's picture.
 * Returns the page, on the operator's landing screen.
 */
export async function signInToConsole(
  app: Pick<AppHandle, 'server' | 'baseUrl' | 'newPage'>,
  lang: ConsoleLang,
  who: { roles: OperatorRole[]; name: string } | { email: string },
  screenshot?: string,
): Promise<Page> {
  const signIn = consoleTexts(lang, 'ops-auth');
  const email = 'email' in who ? who.email : uniqueEmail(`${who.roles.join('-')}-${lang}`);
  if (!('email' in who)) await createOperator(app.server.raw.db, systemClock, { email, name: who.name, roles: who.roles });
  const desk = await app.newPage({ locale: lang === 'ru' ? 'ru-RU' : 'en-US' });
  await desk.setViewportSize(DESKTOP_VIEWPORT);
  await desk.goto(`${app.baseUrl}/ops/`);
  await visible(desk.getByRole('heading', { name: signIn.title }));
  await desk.getByRole('textbox', { name: signIn.email.label }).fill(email);
  await desk.getByRole('button', { name: signIn.email.submit }).click();
  const code = await readMailboxCode(app.baseUrl, email, { kind: 'ops-signin-code' });
  await visible(desk.getByText(fill(signIn.code.lead, { email })));
  await desk.getByRole('textbox').first().click();
  await desk.keyboard.type(code);
  // First sign-in: the authenticator is set up from the QR code (or its key), then its code is typed.
  await visible(desk.getByRole('img', { name: signIn.enroll.qrLabel }));
  const secret = (await desk.getByTestId('totp-secret').textContent())!.trim();
  if (screenshot) await saveScreenshot(desk, screenshot);
  await desk.getByRole('textbox').first().click();
  await desk.keyboard.type(await totpCodeAt(secret, new Date()));
  await visible(desk.getByRole('button', { name: consoleTexts(lang, 'ops-common').signOut }));
  return desk;
}
