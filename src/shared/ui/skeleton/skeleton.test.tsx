import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '@/shared/i18n';
import { ScreenSkeleton } from './skeleton';

describe('ScreenSkeleton', () => {
  beforeAll(() => initI18n({ navigatorLanguages: ['en'] }));
  afterEach(cleanup);

  it('has a header bar, three large blocks and one button bar (SPEC §2)', () => {
    render(<ScreenSkeleton />);
    const root = screen.getByRole('status', { name: 'Loading…' });
    expect(root.getAttribute('aria-busy')).toBe('true');
    const part = (name: string) => root.querySelector(`[data-part="${name}"]`)!;
    expect(part('header').querySelectorAll('[data-skeleton]')).toHaveLength(1);
    expect(part('blocks').querySelectorAll('[data-skeleton]')).toHaveLength(3);
    expect(part('button').querySelectorAll('[data-skeleton]')).toHaveLength(1);
    expect(root.querySelectorAll('[data-skeleton]')).toHaveLength(5);
    // Placeholder blocks are decorative.
    root.querySelectorAll('[data-skeleton]').forEach((block) => expect(block.getAttribute('aria-hidden')).toBe('true'));
  });
});
