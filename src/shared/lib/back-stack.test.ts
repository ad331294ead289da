import { describe, expect, it, vi } from 'vitest';
import { handleBack, pushBackHandler } from './back-stack';

describe('back stack', () => {
  it('the top-most handler takes the back press', () => {
    const first = vi.fn();
    const second = vi.fn();
    const offFirst = pushBackHandler(first);
    const offSecond = pushBackHandler(second);
    expect(handleBack()).toBe(true);
    expect(second).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();
    offSecond();
    expect(handleBack()).toBe(true);
    expect(first).toHaveBeenCalledTimes(1);
    offFirst();
    expect(handleBack()).toBe(false);
  });
});
