/**
 * The operator console end to end (docs/ops.md), in Chromium against the real server: an operator made by the
 * command-line tool signs in at /ops/ with the emailed code and sets up the authenticator (the code computed from the
 * secret the page shows, as an authenticator app would), finds a new user in the verification queue, asks them for
 * more (their app says what to send) and then approves them; meanwhile that user's Mini App, open on the wallet under
 * verification, follows each decision and unlocks its money actions without a reload — in English and in Russian, the console on a desktop and the app on a phone.
 * Screenshots: test-results/e2e/ops-console-<lang>-*.png.
 */
import { describe, expect } from 'vitest';
import { hidden, openSignedIn, saveScreenshot, signUpViaApi, test, visible, appTexts, authTexts, walletTexts, type AppHandle } from './support';
import { consoleTexts, fill, signInToConsole, type ConsoleLang as Lang } from './support/ops-console';

function approvalJourney(lang: Lang) {
  return async ({ app }: { app: AppHandle }) => {
    const { page: phone, baseUrl } = app;
    const auth = authTexts(lang);
    const wallet = walletTexts(lang);
    const kyc = consoleTexts(lang, 'ops-kyc');

    // A new user, under verification (the sandbox's automatic verification is off for this server).
    const names = lang === 'ru' ? { firstName: 'Мария', lastName: 'Иванова' } : { firstName: 'Grace', lastName: 'Hopper' };
    const user = await signUpViaApi(baseUrl, `kyc-${lang}`, names);
    await openSignedIn(phone, baseUrl, user, '/wallet', lang);
    await visible(phone.getByText(auth.banner.underVerificationTitle));
    await phone.getByRole('button', { name: wallet.actions.exchange }).click();
    const exchange = phone.getByRole('dialog', { name: wallet.exchange.title });
    await visible(exchange.getByText(wallet.failureReasons.ACCOUNT_UNDER_VERIFICATION));
    await saveScreenshot(phone, `ops-console-${lang}-01-app-under-verification`);
    await phone.keyboard.press('Escape');
    await hidden(exchange);

    // The first admin of this deployment, as `npm run ops -- create-operator` makes one, signs in with the second factor.
    const desk = await signInToConsole(app, lang, { roles: ['compliance', 'admin'], name: 'Carla Compliance' }, `ops-console-${lang}-02-enroll`);

    // Signed in: the queue is a compliance operator's first screen; the new user waits there.
    await visible(desk.getByRole('heading', { level: 1, name: kyc.title }));
    const row = desk.getByRole('row').filter({ hasText: `${names.firstName} ${names.lastName}` });
    await visible(row);
    await saveScreenshot(desk, `ops-console-${lang}-03-queue`);

    // First compliance asks for more: the user stays in the queue, and their app says what to send, without a reload.
    const errors = appTexts(lang, 'errors').verification;
    await row.getByRole('button', { name: kyc.requestInfo }).click();
    const ask = desk.getByRole('dialog', { name: fill(kyc.dialog.requestInfo.title, { name: `${names.firstName} ${names.lastName}` }) });
    await ask.getByRole('checkbox', { name: errors.verificationItems.proof_of_address }).check();
    await ask.getByRole('textbox', { name: kyc.dialog.reason }).fill(lang === 'ru' ? 'адрес не совпадает' : 'the address does not match');
    await ask.getByRole('button', { name: kyc.dialog.requestInfo.confirm }).click();
    await hidden(ask);
    await visible(row.getByText(errors.verificationItems.proof_of_address));
    await visible(phone.getByText(fill(errors.verificationRequest, { items: errors.verificationItems.proof_of_address })), 30_000);
    await saveScreenshot(phone, `ops-console-${lang}-03b-app-asked-for-more`);

    // The user sent it to support: compliance approves.
    await row.getByRole('button', { name: kyc.approve }).click();
    const dialog = desk.getByRole('dialog', { name: fill(kyc.dialog.approve.title, { name: `${names.firstName} ${names.lastName}` }) });
    await visible(dialog);
    await dialog.getByRole('textbox', { name: kyc.dialog.reason }).fill(lang === 'ru' ? 'документы совпадают' : 'documents match');
    await dialog.getByRole('button', { name: kyc.dialog.approve.confirm }).click();
    await visible(desk.getByText(kyc.decided));
    await hidden(row);
    await saveScreenshot(desk, `ops-console-${lang}-04-approved`);

    // The user's app unlocks without a reload (it asks for the profile again while the account waits).
    await hidden(phone.getByText(auth.banner.underVerificationTitle), 30_000);
    await phone.getByRole('button', { name: wallet.actions.exchange }).click();
    await visible(exchange);
    await expect.poll(() => exchange.getByText(wallet.failureReasons.ACCOUNT_UNDER_VERIFICATION).count()).toBe(0);
    await saveScreenshot(phone, `ops-console-${lang}-05-app-unlocked`);
  };
}

describe('the operator console', () => {
  // No automatic verification: a person decides.
  const env = { VERIFICATION_DELAY_SECONDS: '1000000' };
  test.override({ appOptions: { env } })('English: sign in with the second factor, ask a new user for more, approve them, the app follows', approvalJourney('en'));
  test.override({ appOptions: { env, locale: 'ru-RU' } })('Russian: sign in with the second factor, ask a new user for more, approve them, the app follows', approvalJourney('ru'));
});
