/**
 * Bot notifications in Settings (issue 15 "The bot"), in English and Russian: a Telegram-linked user sees the switches,
 * a USDT top-up is announced in their chat (read through the sandbox bot outbox), turned off in Settings the next one
 * is not, turned on again the one after is. Screenshots: test-results/e2e/notifications-{en,ru}.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { waitForIdleJobs } from '../../scripts/load/server-process';
import { BOT_TOKEN, linkedUser, readBotOutbox, waitForBotMessages } from './support/bot-outbox';
import { api, fundUsdt, openSignedIn, saveScreenshot, test, visible } from './support';

const TEXT = {
  en: { section: 'Notifications in Telegram', topUps: /^Top-ups/, credited: /^Top-up credited: \$\d+\.\d\d \(USDT\)\.$/ },
  ru: { section: 'Уведомления в Telegram', topUps: /^Пополнения/, credited: /^Пополнение зачислено: [\d\s\u00a0]+,\d\d\u00a0\$ \(USDT\)\.$/ },
} as const;

const topUpsSwitch = (page: Page, lang: 'en' | 'ru') => page.getByRole('switch', { name: TEXT[lang].topUps });

for (const lang of ['en', 'ru'] as const) {
  describe(`notifications (${lang})`, () => {
    test.override({ appOptions: { locale: lang === 'en' ? 'en-US' : 'ru-RU', env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN } } });

    test('a top-up is announced in the chat; turned off in Settings the next is not; on again it is', async ({ app: { page, baseUrl } }) => {
      const user = await linkedUser(baseUrl);
      await openSignedIn(page, baseUrl, user, '/settings', lang);
      await visible(page.getByRole('heading', { name: TEXT[lang].section }));
      const toggle = topUpsSwitch(page, lang);
      await visible(toggle);
      expect(await toggle.isChecked()).toBe(true);
      // The bot writes in the app's language (the section saved it on opening).
      await expect.poll(async () => (await api(baseUrl, 'GET', '/api/notifications/settings', undefined, user.accessToken)).language).toBe(lang);
      await saveScreenshot(page, `notifications-${lang}`);

      await fundUsdt(baseUrl, user.accessToken, 20);
      const [first] = await waitForBotMessages(baseUrl, user.chatId, 1);
      expect(first!.text).toMatch(TEXT[lang].credited);
      expect(first!.button?.url).toMatch(/^https:\/\/t\.me\//);

      // Off: the switch goes off once the server has it; the next top-up sends nothing.
      await toggle.click();
      await expect.poll(() => toggle.isChecked()).toBe(false);
      await expect.poll(async () => (await api(baseUrl, 'GET', '/api/notifications/settings', undefined, user.accessToken)).kinds.topUpCredited).toBe(false);
      await saveScreenshot(page, `notifications-${lang}-off`);
      await fundUsdt(baseUrl, user.accessToken, 21);
      await waitForIdleJobs(baseUrl);
      expect(await readBotOutbox(baseUrl, user.chatId)).toHaveLength(1);

      // On again (and it stays so after a reload): the next one is sent.
      await toggle.click();
      await expect.poll(() => toggle.isChecked()).toBe(true);
      await page.reload();
      await visible(topUpsSwitch(page, lang));
      await expect.poll(() => topUpsSwitch(page, lang).isChecked()).toBe(true);
      await fundUsdt(baseUrl, user.accessToken, 22);
      const messages = await waitForBotMessages(baseUrl, user.chatId, 2);
      expect(messages.every((m) => TEXT[lang].credited.test(m.text))).toBe(true);
    });
  });
}
