/**
 * Support and compliance acting for a user in the operator console (docs/ops.md "A user's picture"), in Chromium
 * against the real server: an operator finds a verified user with a card by email, opens their picture (balances,
 * card, sessions), writes a note, freezes the account (the user's app says why and refuses money actions), unfreezes
 * it, blocks the card as stolen, and ends every session (the user's app is signed out) — in English and in Russian;
 * the picture also on a phone's width. Screenshots: test-results/e2e/ops-support-<lang>-*.png.
 */
import { describe, expect } from 'vitest';
import { api, fundUsdt, hidden, issueCardViaApi, openSignedIn, PHONE_VIEWPORT, saveScreenshot, setVerification, signUpViaApi, test, visible, appTexts, walletTexts, type AppHandle } from './support';
import { consoleTexts, DESKTOP_VIEWPORT, fill, signInToConsole, type ConsoleLang as Lang } from './support/ops-console';

function supportJourney(lang: Lang) {
  return async ({ app }: { app: AppHandle }) => {
    const { page: phone, baseUrl } = app;
    const users = consoleTexts(lang, 'ops-users');
    const errors = appTexts(lang, 'errors');
    const wallet = walletTexts(lang);

    // A verified user with money and a virtual card, their Mini App open on the wallet.
    const names = lang === 'ru' ? { firstName: 'Олег', lastName: 'Смирнов' } : { firstName: 'Alan', lastName: 'Turing' };
    const name = `${names.firstName} ${names.lastName}`;
    const user = await signUpViaApi(baseUrl, `support-${lang}`, names);
    await setVerification(baseUrl, user.email);
    await fundUsdt(baseUrl, user.accessToken, 100);
    await api(baseUrl, 'POST', '/api/dev/card-issuer/mode', { delayMs: 200 });
    await issueCardViaApi(baseUrl, user.accessToken);
    await openSignedIn(phone, baseUrl, user, '/wallet', lang);

    // An operator with support and compliance finds the user by email and opens the picture.
    const desk = await signInToConsole(app, lang, { roles: ['support', 'compliance'], name: 'Sam Support' });
    await desk.getByRole('link', { name: consoleTexts(lang, 'ops-common').nav.users }).click();
    await desk.getByRole('searchbox', { name: users.search.label }).fill(user.email);
    await desk.getByRole('button', { name: users.search.submit }).click();
    await desk.getByRole('link', { name }).click();
    await visible(desk.getByRole('heading', { name: users.profile.title }));
    const cards = desk.getByRole('table', { name: users.cards.title });
    await visible(cards.getByRole('button', { name: users.cards.block }));
    const sessions = desk.getByRole('table', { name: users.sessions.title });
    await visible(sessions.getByText(users.sessions.active));

    // A note: kept with the user, read by every operator.
    const noteText = lang === 'ru' ? 'Звонил в поддержку: потерял телефон.' : 'Called support: lost their phone.';
    await desk.getByRole('textbox', { name: users.notes.add }).fill(noteText);
    await desk.getByRole('button', { name: users.notes.save }).click();
    await visible(desk.getByText(noteText));

    // Compliance freezes the account: the user's app says why, and no money leaves.
    await desk.getByRole('button', { name: users.freeze.button }).click();
    const freeze = desk.getByRole('dialog', { name: fill(users.freeze.title, { name }) });
    await freeze.getByRole('combobox', { name: users.freeze.reason }).selectOption('suspicious_activity');
    await freeze.getByRole('textbox', { name: users.note }).fill(lang === 'ru' ? 'проверка после звонка' : 'review after the call');
    await freeze.getByRole('button', { name: users.freeze.confirm }).click();
    await visible(desk.getByRole('button', { name: users.unfreeze.button }));
    await saveScreenshot(desk, `ops-support-${lang}-01-picture-frozen`);
    await phone.reload();
    await visible(phone.getByText(errors.verification.frozen.title));
    await visible(phone.getByText(errors.verification.frozen.reasons.suspicious_activity, { exact: false }));
    await saveScreenshot(phone, `ops-support-${lang}-02-app-frozen`);

    // Unfrozen: the notice goes once the app reads its profile again.
    await desk.getByRole('button', { name: users.unfreeze.button }).click();
    const unfreeze = desk.getByRole('dialog', { name: fill(users.unfreeze.title, { name }) });
    await unfreeze.getByRole('textbox', { name: users.note }).fill(lang === 'ru' ? 'проверка пройдена' : 'review passed');
    await unfreeze.getByRole('button', { name: users.unfreeze.confirm }).click();
    await visible(desk.getByRole('button', { name: users.freeze.button }));
    await phone.reload();
    await visible(phone.getByRole('button', { name: wallet.actions.exchange }));
    await hidden(phone.getByText(errors.verification.frozen.title));

    // Support blocks the card as stolen: it ends for good, so it is no longer offered.
    await cards.getByRole('button', { name: users.cards.block }).click();
    const block = desk.getByRole('dialog', { name: new RegExp(users.cards.blockTitle.split('{{')[0]!.trim()) });
    await block.getByRole('combobox', { name: users.cards.blockReason }).selectOption('stolen');
    await block.getByRole('textbox', { name: users.note }).fill(lang === 'ru' ? 'карту украли вместе с телефоном' : 'stolen with the phone');
    await block.getByRole('button', { name: users.cards.block }).click();
    await hidden(block);
    await hidden(cards.getByRole('button', { name: users.cards.block }));
    await visible(cards.getByText(errors.reasons.STOLEN, { exact: false }));

    // Support ends every session: the user's app has to sign in again.
    await desk.getByRole('button', { name: users.sessions.endAll }).first().click();
    const end = desk.getByRole('dialog', { name: users.sessions.endAllTitle });
    await end.getByRole('textbox', { name: users.reason }).fill(lang === 'ru' ? 'телефон потерян' : 'the phone was lost');
    await end.getByRole('button', { name: users.sessions.endAll }).click();
    await hidden(end);
    await expect.poll(() => sessions.getByText(users.sessions.active).count(), { timeout: 15_000 }).toBe(0);
    await saveScreenshot(desk, `ops-support-${lang}-03-picture-after`);
    await phone.reload();
    await expect.poll(() => new URL(phone.url()).pathname, { timeout: 15_000 }).not.toBe('/wallet');
    expect(await phone.evaluate(() => localStorage.getItem('tgwallet.accessToken'))).toBeNull();

    // The console on a phone's width: the same picture, readable.
    await desk.setViewportSize(PHONE_VIEWPORT);
    await visible(desk.getByText(noteText));
    await saveScreenshot(desk, `ops-support-${lang}-04-picture-phone`);
    await desk.setViewportSize(DESKTOP_VIEWPORT);
  };
}

describe('support in the operator console', () => {
  test('English: a note, freeze and unfreeze, a card blocked as stolen, every session ended', supportJourney('en'));
  test.override({ appOptions: { locale: 'ru-RU' } })('Russian: a note, freeze and unfreeze, a card blocked as stolen, every session ended', supportJourney('ru'));
});
