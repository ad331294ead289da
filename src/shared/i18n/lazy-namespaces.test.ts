import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n, loadNamespaces } from './instance';
import { prefetchLocaleFiles } from './resources';

describe('namespaces load on first use', () => {
  beforeAll(async () => {
    localStorage.clear();
    await initI18n({ navigatorLanguages: ['en'] });
  });

  it('only the core namespaces are there at start (English, bundled)', () => {
    expect(i18n.hasResourceBundle('en', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'shell')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'welcome')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'errors')).toBe(false);
    expect(i18n.hasResourceBundle('ru', 'common')).toBe(false);
  });

  it('loadNamespaces fetches a namespace, then t() has it', async () => {
    expect(i18n.t('errors:general.fetchFailed')).toBe('general.fetchFailed');
    await loadNamespaces(['errors']);
    expect(i18n.t('errors:general.fetchFailed')).toBe('Failed to fetch data');
  });

  it('an unknown namespace resolves (falls back to the key) instead of hanging', async () => {
    await loadNamespaces(['no-such-namespace']);
    expect(i18n.t('no-such-namespace:x')).toBe('x');
  });

  it('in Russian a namespace loads in Russian only: no English copy as fallback (Russian has every key)', async () => {
    await changeLanguage('ru');
    await loadNamespaces(['wallet']);
    expect(i18n.hasResourceBundle('ru', 'wallet')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'wallet')).toBe(false);
    expect(i18n.t('wallet:page.title')).not.toBe('page.title');
    await changeLanguage('en');
  });

  it('switching language fetches every namespace used so far in that language', async () => {
    await changeLanguage('ru');
    expect(i18n.hasResourceBundle('ru', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('ru', 'errors')).toBe(true);
    expect(i18n.t('common:actions.retry')).not.toBe('Try again');
    await changeLanguage('en');
  });

  it('prefetchLocaleFiles downloads files before i18next asks (boot: the first screen\'s), never rejects', async () => {
    await expect(prefetchLocaleFiles('ru', ['cards', 'no-such-namespace'])).resolves.toEqual(['cards']);
    // Language not detected yet: the stored choice (it wins over Telegram's), else only the files' index.
    localStorage.removeItem('tgwallet.language');
    await expect(prefetchLocaleFiles(null, ['cards'])).resolves.toEqual([]);
    localStorage.setItem('tgwallet.language', 'ru');
    await expect(prefetchLocaleFiles(null, ['cards'])).resolves.toEqual(['cards']);
    localStorage.setItem('tgwallet.language', 'en');
    // English core namespaces ship with the entry: nothing to download.
    await expect(prefetchLocaleFiles('en', ['common'])).resolves.toEqual([]);
  });
});
