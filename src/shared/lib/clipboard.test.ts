// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCopiedText, writeClipboard } from './clipboard';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const stubClipboard = (clipboard: Partial<Clipboard> | undefined) => vi.stubGlobal('navigator', { ...navigator, clipboard });

describe('writeClipboard', () => {
  it('uses the Clipboard API when it is there', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    stubClipboard({ writeText });
    await writeClipboard('TW-PROMO');
    expect(writeText).toHaveBeenCalledWith('TW-PROMO');
  });

  it('falls back to a hidden textarea when the API refuses, and leaves nothing behind in the page', async () => {
    stubClipboard({ writeText: vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')) });
    let selected = '';
    document.execCommand = vi.fn(() => {
      selected = (document.activeElement as HTMLTextAreaElement | null)?.value ?? document.querySelector('textarea')?.value ?? '';
      return true;
    });
    await writeClipboard('4242424242424242');
    expect(document.execCommand).toHaveBeenCalledWith('copy');
    expect(selected).toBe('4242424242424242');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('rejects when neither the API nor the fallback can copy (callers say "Failed to copy to clipboard")', async () => {
    stubClipboard(undefined);
    document.execCommand = vi.fn(() => false);
    await expect(writeClipboard('x')).rejects.toThrow('not available');
    expect(document.querySelector('textarea')).toBeNull();
  });
});

describe('clearCopiedText', () => {
  it('overwrites what we copied, leaves what the user copied since, and waits for focus', async () => {
    let text = 'copied';
    stubClipboard({ writeText: vi.fn(async (value: string) => void (text = value)), readText: vi.fn(async () => text) });
    const focus = vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    expect(await clearCopiedText('copied')).toBe('cleared');
    expect(text).toBe('');
    text = 'mine';
    expect(await clearCopiedText('copied')).toBe('changed');
    expect(text).toBe('mine');
    focus.mockReturnValue(false);
    expect(await clearCopiedText('mine')).toBe('unfocused');
  });
});
