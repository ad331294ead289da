import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRANSPORT_ERROR_KEYS } from '@/shared/api';
import { CardStatus } from '@/shared/contract';
import { changeLanguage, i18n, initI18n } from '@/shared/i18n';
import { makeCard } from '../testing/fixtures';
import { CardFace } from './card-face';
import { CardFailureText } from './card-failure-text';
import { CardStatusBadge } from './card-status-badge';

beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces(['cards', 'errors']);
});
afterEach(cleanup);

describe('card UI pieces', () => {
  it('every SPEC §4 status has its own text in both languages', async () => {
    for (const lang of ['en', 'ru'] as const) {
      await changeLanguage(lang);
      await i18n.loadNamespaces(['cards']);
      const texts = CardStatus.options.map((status) => i18n.t(`cards:status.${status}`));
      expect(new Set(texts).size).toBe(11);
      for (const text of texts) expect(text).not.toMatch(/^status\./);
    }
    await changeLanguage('en');
  });

  it('the badge names the status', () => {
    render(<CardStatusBadge status="freezing" />);
    expect(screen.getByText('Freezing')).toBeTruthy();
  });

  it('a failure names the operation and the reason', () => {
    render(<CardFailureText operation="fetchCards" error={{ keys: [TRANSPORT_ERROR_KEYS.network], defaultValue: '' }} />);
    expect(screen.getByText('Failed to fetch cards. Network error occurred')).toBeTruthy();
    cleanup();
    render(<CardFailureText operation="topUp" error={{ keys: ['errors:general.error'], defaultValue: 'An error occurred' }} />);
    expect(screen.getByText('Failed to top up card')).toBeTruthy();
  });

  it('the card face is one image with a readable name', () => {
    render(<CardFace card={makeCard({ status: 'frozen', form: 'physical' })} />);
    expect(screen.getByRole('img', { name: 'Visa Virtual, Physical card •••• 4242, IVAN PETROV' })).toBeTruthy();
  });
});
