/**
 * Money in the operator console (docs/ops.md "Held money", "Withdrawals over the approval size", "Manual adjustments"), in Chromium against the real server: compliance credits a USDT transfer held for review (no ID in
 * its amount) to its owner; the user's USDT withdrawal over the approval size (made through the API) waits in
 * Withdrawals, compliance opens it and approves it, it is sent and confirmed on the sandbox chain, a second decision
 * from a stale tab is refused with the server's words, and the audit log has the approval; one admin (who is not
 * offered Withdrawals) proposes a goodwill credit and cannot approve it, adds a second admin (Operators), who signs in
 * and approves it, and it posts; the user's Mini App shows all of it in the balance and the history — in English and in
 * Russian. Screenshots: test-results/e2e/ops-money-<lang>-*.png.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { formatMoney } from '../../src/shared/money';
import { api, appTexts, axeViolations, formatViolations, fundUsdt, hidden, openSignedIn, readMailboxCode, saveScreenshot, setVerification, signUpViaApi, test, uniqueEmail, visible, type AppHandle } from './support';
import { consoleTexts, DESKTOP_VIEWPORT, fill, signInToConsole, type ConsoleLang as Lang } from './support/ops-console';

const ADDRESS = 'TCNtTa1rveKkovHR2ebABu4K66U6ocUCZX';
/** USDT withdrawals above 50.00 USD wait for an operator here (USDT_WITHDRAWAL_APPROVAL_ABOVE); new addresses are not held. */
const APPROVAL_ABOVE = 50_00;
const ENV = { USDT_WITHDRAWAL_APPROVAL_ABOVE: String(APPROVAL_ABOVE), WITHDRAWAL_HOLD_SECONDS: '0', SANDBOX_WITHDRAWAL_DELAY_MS: '500', WITHDRAWAL_POLL_MS: '200' };

/** The step's screenshot, and axe on the page or a part of it (no serious or critical violations, issue #7). */
async function checked(page: Page, name: string, include?: string) {
  await saveScreenshot(page, name);
  const found = await axeViolations(page, include ? { include } : {});
  expect(found, formatViolations(name, found)).toEqual([]);
}

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
    // The user withdraws 60 USDT to a saved address (the email code, the fee shown): over the approval size, it waits.
    const label = lang === 'ru' ? 'Холодный кошелёк' : 'Cold wallet';
    const address = await api(baseUrl, 'POST', '/api/withdrawals/addresses', { address: ADDRESS, label }, user.accessToken);
    await api(baseUrl, 'POST', '/api/withdrawals/email-code', undefined, user.accessToken);
    const emailCode = await readMailboxCode(baseUrl, user.email, { kind: 'withdrawal-code' });
    const { usdt } = await api(baseUrl, 'GET', '/api/withdrawals/options', undefined, user.accessToken);
    const withdrawal = await api(baseUrl, 'POST', '/api/withdrawals/usdt', { addressId: address.id, amount: 60_00, fee: usdt.fee, code: emailCode }, user.accessToken, {
      'idempotency-key': randomUUID(),
    });
    expect(withdrawal.status).toBe('awaitingApproval');
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

    // Withdrawals: the held one with its user, amount, destination and why it waits; a second tab of the same operator
    // opens the list too (it goes stale there).
    const w = money.withdrawals;
    const name = `${names.firstName} ${names.lastName}`;
    const usd = (amount: number) => formatMoney({ amount, currency: 'USD' }, lang);
    const staleTab = await compliance.context().newPage();
    await staleTab.setViewportSize(DESKTOP_VIEWPORT);
    await staleTab.goto(`${baseUrl}/ops/withdrawals`);
    const staleRow = staleTab.getByRole('table', { name: w.table }).getByRole('row').filter({ hasText: name });
    await visible(staleRow);
    await compliance.getByRole('link', { name: nav.withdrawals }).click();
    await visible(compliance.getByRole('heading', { level: 1, name: w.title }));
    const queued = compliance.getByRole('table', { name: w.table }).getByRole('row').filter({ hasText: name });
    for (const text of [usd(60_00), '60.000000 USDT', w.methods.usdt, label, ADDRESS, fill(w.overApprovalSize, { limit: usd(APPROVAL_ABOVE) })]) {
      await visible(queued.getByText(text, { exact: true }));
    }
    await checked(compliance, `ops-money-${lang}-01b-withdrawals`);
    await queued.getByRole('button', { name: w.review }).click();
    const details = compliance.getByRole('dialog', { name: fill(w.details.title, { amount: usd(60_00), name }) });
    await visible(details.getByRole('link', { name: w.picture }));
    expect(await details.getByRole('link', { name: w.picture }).getAttribute('href')).toBe(`/ops/users/${userId}`);
    await visible(details.getByText(withdrawal.id));
    await visible(details.getByText(usd(60_00 + usdt.fee.amount), { exact: true }));
    await checked(compliance, `ops-money-${lang}-01c-withdrawal-details`, 'dialog[open]');

    // Approved from its details, with a reason: it leaves the list, is sent, and the sandbox chain confirms it.
    await details.getByRole('button', { name: w.approve }).click();
    const approveDialog = compliance.getByRole('dialog', { name: w.dialog.approve.title });
    await approveDialog.getByRole('textbox', { name: w.dialog.reason }).fill(lang === 'ru' ? 'адрес проверен' : 'address checked');
    await checked(compliance, `ops-money-${lang}-01d-withdrawal-approve`, 'dialog[open]');
    await approveDialog.getByRole('button', { name: w.dialog.approve.confirm }).click();
    await hidden(approveDialog);
    await visible(compliance.getByText(w.approved));
    await hidden(queued);
    await visible(compliance.getByText(w.empty));
    await expect
      .poll(async () => (await api(baseUrl, 'GET', `/api/withdrawals/${withdrawal.id}`, undefined, user.accessToken)).status, { timeout: 20_000 })
      .toBe('completed');

    // A second decision from the stale tab: refused, the dialog says so, and the list there refreshes.
    await staleRow.getByRole('button', { name: w.review }).click();
    await staleTab.getByRole('dialog', { name: fill(w.details.title, { amount: usd(60_00), name }) }).getByRole('button', { name: w.decline }).click();
    const decline = staleTab.getByRole('dialog', { name: w.dialog.decline.title });
    await decline.getByRole('textbox', { name: w.dialog.reason }).fill(lang === 'ru' ? 'передумали' : 'second thoughts');
    await decline.getByRole('button', { name: w.dialog.decline.confirm }).click();
    await visible(decline.getByText(consoleTexts(lang, 'ops-errors').WITHDRAWAL_ALREADY_DECIDED));
    await hidden(staleRow);
    await checked(staleTab, `ops-money-${lang}-01e-second-decision-refused`, 'dialog[open]');
    await staleTab.close();

    // The audit log has the approval (and no decline).
    const audit = consoleTexts(lang, 'ops-admin').audit;
    await compliance.getByRole('link', { name: nav.audit }).click();
    await compliance.getByRole('textbox', { name: audit.filters.action }).fill('withdrawal.');
    await compliance.getByRole('button', { name: audit.search }).click();
    const entries = compliance.getByRole('table', { name: audit.title }).getByRole('row').filter({ hasText: withdrawal.id });
    await expect.poll(() => entries.count()).toBe(1);
    await visible(entries.filter({ hasText: 'withdrawal.approved' }).getByText(lang === 'ru' ? 'адрес проверен' : 'address checked'));
    await saveScreenshot(compliance, `ops-money-${lang}-01f-audit`);

    // One admin proposes a goodwill credit of 5.00 USD; they cannot approve their own proposal.
    const proposer = await signInToConsole(app, lang, { roles: ['admin'], name: 'Ada Admin' });
    // Withdrawals are compliance's (the contract's roles): an admin is not offered them.
    expect(await proposer.getByRole('link', { name: nav.withdrawals }).count()).toBe(0);
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

    // The user's wallet: the held transfer and the goodwill credit, each once; the withdrawal and its fee gone, once.
    const balance = (await api(baseUrl, 'GET', '/api/wallet', undefined, user.accessToken)).balances.find((b: { currency: string }) => b.currency === 'USD');
    expect(balance.available.amount).toBe(funded + 25_50 + 5_00 - 60_00 - usdt.fee.amount);
    expect(balance.held.amount).toBe(0);
    await openSignedIn(phone, baseUrl, user, '/wallet', lang);
    await visible(phone.getByText(wallet.transaction.types.manualAdjustment, { exact: true }));
    await visible(phone.getByText(wallet.transaction.types.usdtWithdrawal, { exact: true }));
    await saveScreenshot(phone, `ops-money-${lang}-04-app`);
  };
}

describe('money in the operator console', () => {
  test.override({ appOptions: { env: ENV } })('English: a held transfer credited to its owner; a held withdrawal approved; a goodwill credit under four eyes', moneyJourney('en'));
  test.override({ appOptions: { env: ENV, locale: 'ru-RU' } })(
    'Russian: a held transfer credited to its owner; a held withdrawal approved; a goodwill credit under four eyes',
    moneyJourney('ru'),
  );
});
