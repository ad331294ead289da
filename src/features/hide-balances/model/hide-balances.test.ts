// @vitest-environment happy-dom
import { allSettled, fork } from 'effector';
import { beforeEach, describe, expect, it } from 'vitest';
import { $balancesHidden, balancesVisibilityToggled, HIDE_BALANCES_KEY, readBalancesHidden } from './hide-balances';

beforeEach(() => localStorage.clear());

describe('hide balances', () => {
  it('one tap hides, the next shows; remembered on this device', async () => {
    const scope = fork();
    expect(scope.getState($balancesHidden)).toBe(false);
    await allSettled(balancesVisibilityToggled, { scope });
    expect(scope.getState($balancesHidden)).toBe(true);
    expect(localStorage.getItem(HIDE_BALANCES_KEY)).toBe('1');
    expect(readBalancesHidden()).toBe(true);
    await allSettled(balancesVisibilityToggled, { scope });
    expect(scope.getState($balancesHidden)).toBe(false);
    expect(localStorage.getItem(HIDE_BALANCES_KEY)).toBeNull();
  });
});
