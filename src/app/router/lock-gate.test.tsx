import { act, cleanup, render, waitFor } from '@testing-library/react';
import { fork } from 'effector';
import { Provider } from 'effector-react';
import { afterEach, describe, expect, it } from 'vitest';
import { $primaryActionsSuspended } from '@/shared/ui';
import { LockGate } from './lock-gate';

afterEach(cleanup);

describe('LockGate', () => {
  it("(its lock screen) hides Telegram's bottom buttons and BackButton (primary-action model) while shown, gives them back when gone", async () => {
    const scope = fork();
    const { unmount } = render(
      <Provider value={scope}>
        <LockGate />
      </Provider>,
    );
    await waitFor(() => expect(scope.getState($primaryActionsSuspended)).toBe(true), { timeout: 10_000 });
    await act(async () => unmount());
    expect(scope.getState($primaryActionsSuspended)).toBe(false);
  });
});
