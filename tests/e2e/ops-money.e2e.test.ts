/**
 * Money in the operator console (docs/ops.md "Held money", "Manual adjustments under four eyes"), in Chromium against
 * the real server: compliance credits a USDT transfer held for review (no ID in its amount) to its owner; one admin
 * proposes a goodwill credit and cannot approve it, adds a second admin (Operators), who signs in and approves it, and it
 * posts; the user's Mini App shows
 * both in the balance and the history — in English and in Russian. Screenshots: test-results/e2e/ops-money-<lang>-*.png.
 */
import { describe, expect } from 'vitest';
import { api, appTexts, fundUsdt, hidden, openSignedIn, saveScreenshot, setVerification, signUpViaApi, test, uniqueEmail, visible, type AppHandle } from './support';
import { consoleTexts, signInToConsole, type ConsoleLang as Lang } from './support/ops-console';

function moneyJourney(lang: Lang) {
  return async ({ app }: { app: AppHandle }) => {
    const { page: phone, baseUrl } = app;
    const money = consoleTexts(lang, 'ops-money');
    const nav = consoleTexts(lang, 'ops-common').nav;
    const wallet = appTexts(lang, 'wallet');
    const names = lang === 'ru' ? { firstName: 'Нина', lastName: 'Петрова' } : { firstName: 'Edsger', lastName: 'Dijkstra' };
    const user = await signUpViaApi(baseUrl, `money-${lang}`, names);
    await setVerification(baseUrl, user.email);
    const funded = await fundUsdt(baseUrl, user.accessToken, 100);
    const { id: userId } = await api(baseUrl, 'GET', '/api/users/me', undefined, user.accessToken);
    // A transfer from the same sender without the user's ID in its amount: held, naming the user by the sender.
    const held = await api(baseUrl, 'POST', '/api/dev/tron/transfers', { amount: '25.5' });
    expect(held.outcome.status).not.toBe('credited');

    // Compliance credits the held transfer to the user it names.
    const compliance = await signInToConsole(app, lang, { roles: ['compliance'], name: 'Carla Compliance' });
    await compliance.getByRole('link', { name: nav.held }).click();
    const deposits = compliance.getByRole('table', { name: money.held.deposits });
    const row = deposits.getByRole('row').filter({ hasText: '25.500000 USDT' });
    await visible(row.getByText(money.held.reasons.no_tag));
    await row.getByRole('button', { name: money.held.credit }).click();
    const credit = compliance.getByRole('dialog', { name: money.held.creditTitle });
    await expect.poll(() => credit.getByRole('textbox', { name: money.held.userId }).inputValue()).toBe(userId);
    await credit.getByRole('textbox', { name: money.held.note }).fill(lang === 'ru' ? 'пользователь прислал хеш' : 'the user sent the hash');
    await credit.getByRole('button', { name: money.held.credit }).click();
    await hidden(credit);
    await hidden(row);
    await saveScreenshot(compliance, `ops-money-${lang}-01-held-credited`);

    // One admin proposes a goodwill credit of 5.00 USD; they cannot approve their own proposal.
    const proposer = await signInToConsole(app, lang, { roles: ['admin'], name: 'Ada Admin' });
    await proposer.getByRole('link', { name: nav.adjustments }).click();
    await proposer.getByRole('button', { name: money.adjustments.propose }).click();
    const propose = proposer.getByRole('dialog', { name: money.adjustments.proposeTitle });
    await propose.getByRole('textbox', { name: money.adjustments.fields.userId }).fill(userId);
    await propose.getByRole('combobox', { name: money.adjustments.fields.kind }).selectOption('goodwill');
    await propose.getByRole('textbox', { name: money.adjustments.fields.amount }).fill('5');
    await propose.getByRole('textbox', { name: money.adjustments.fields.reason }).fill(lang === 'ru' ? 'извинение за задержку' : 'sorry for the delay');
    await propose.getByRole('button', { name: money.adjustments.proposeConfirm }).click();
    await hidden(propose);
    const proposal = proposer.getByRole('table', { name: money.adjustments.title }).getByRole('row').filter({ hasText: `${names.firstName} ${names.lastName}` });
    await visible(proposal.getByText(money.adjustments.waitingForOther));
    expect(await proposal.getByRole('button', { name: money.adjustments.approve }).count()).toBe(0);
    await saveScreenshot(proposer, `ops-money-${lang}-02-proposed`);

    // The admin adds a second admin in the console (Operators); that one signs in and approves: it posts once.
    const admin = consoleTexts(lang, 'ops-admin').operators;
    const bob = uniqueEmail(`bob-${lang}`);
    await proposer.getByRole('link', { name: nav.operators }).click();
    await proposer.getByRole('button', { name: admin.add }).click();
    const add = proposer.getByRole('dialog', { name: admin.add });
    await add.getByRole('textbox', { name: admin.fields.email }).fill(bob);
    await add.getByRole('textbox', { name: admin.fields.name }).fill('Bob Admin');
    await add.getByRole('checkbox', { name: new RegExp(`^${consoleTexts(lang, 'ops-common').roles.support}`) }).uncheck();
    await add.getByRole('checkbox', { name: new RegExp(`^${consoleTexts(lang, 'ops-common').roles.admin}`) }).check();
    await add.getByRole('button', { name: admin.addConfirm }).click();
    await hidden(add);
    await visible(proposer.getByRole('row').filter({ hasText: bob }).getByText(admin.state.invited));
    // Nobody disables themselves: the admin's own row offers only the roles.
    expect(await proposer.getByRole('row').filter({ hasText: 'Ada Admin' }).getByRole('button', { name: admin.disable }).count()).toBe(0);
    await saveScreenshot(proposer, `ops-money-${lang}-02b-operators`);
    const approver = await signInToConsole(app, lang, { email: bob });
    await approver.getByRole('link', { name: nav.adjustments }).click();
    const waiting = approver.getByRole('table', { name: money.adjustments.title }).getByRole('row').filter({ hasText: `${names.firstName} ${names.lastName}` });
    await waiting.getByRole('button', { name: money.adjustments.approve }).click();
    const approve = approver.getByRole('dialog', { name: money.adjustments.approveTitle });
    await approve.getByRole('button', { name: money.adjustments.approve }).click();
    await hidden(approve);
    await hidden(waiting);
    await approver.getByRole('radio', { name: money.adjustments.filters.posted }).click();
    await visible(approver.getByText(money.adjustments.status.posted));
    await saveScreenshot(approver, `ops-money-${lang}-03-posted`);

    // The user's wallet: the held transfer and the goodwill credit, each once.
    const balance = (await api(baseUrl, 'GET', '/api/wallet', undefined, user.accessToken)).balances.find((b: { currency: string }) => b.currency === 'USD');
    expect(balance.available.amount).toBe(funded + 25_50 + 5_00);
    await openSignedIn(phone, baseUrl, user, '/wallet', lang);
    await visible(phone.getByText(wallet.transaction.types.manualAdjustment, { exact: true }));
    await saveScreenshot(phone, `ops-money-${lang}-04-app`);
  };
}

describe('money in the operator console', () => {
  test('English: a held transfer credited to its owner; a goodwill credit under four eyes', moneyJourney('en'));
  test.override({ appOptions: { locale: 'ru-RU' } })('Russian: a held transfer credited to its owner; a goodwill credit under four eyes', moneyJourney('ru'));
});
