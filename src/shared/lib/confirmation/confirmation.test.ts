import { allSettled, fork } from 'effector';
import { describe, expect, it, vi } from 'vitest';
import { askTelegram, createConfirmation } from './confirmation';

const texts = { title: 'Sign out?', message: 'You will sign in again.', confirm: 'Sign out', cancel: 'Cancel', destructive: true };

describe('createConfirmation', () => {
  const setup = () => {
    const confirmation = createConfirmation<{ id: string }>({ texts: () => texts });
    const done = vi.fn();
    const dropped = vi.fn();
    confirmation.confirmed.watch(done);
    confirmation.cancelled.watch(dropped);
    return { confirmation, done, dropped };
  };

  it('asks in the app\'s dialog where Telegram draws none; yes carries the payload, once', async () => {
    const { confirmation, done } = setup();
    const scope = fork({ handlers: [[confirmation.askFx, async () => 'dialog' as const]] });
    await allSettled(confirmation.requested, { scope, params: { id: 'a' } });
    expect(scope.getState(confirmation.$dialog)).toEqual(texts);
    expect(done).not.toHaveBeenCalled();
    // A second tap while the question is open asks nothing more.
    await allSettled(confirmation.requested, { scope, params: { id: 'b' } });
    await allSettled(confirmation.dialogConfirmed, { scope });
    expect(done).toHaveBeenCalledTimes(1);
    expect(done).toHaveBeenCalledWith({ id: 'a' });
    expect(scope.getState(confirmation.$dialog)).toBeNull();
    await allSettled(confirmation.dialogConfirmed, { scope });
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('Telegram\'s answer decides without the dialog; cancel and a failed ask never count as yes', async () => {
    const { confirmation, done, dropped } = setup();
    const no = fork({ handlers: [[confirmation.askFx, async () => 'cancelled' as const]] });
    await allSettled(confirmation.requested, { scope: no, params: { id: 'a' } });
    expect(dropped).toHaveBeenCalledWith({ id: 'a' });
    expect(no.getState(confirmation.$dialog)).toBeNull();
    const broken = fork({ handlers: [[confirmation.askFx, async () => Promise.reject(new Error('bridge'))]] });
    await allSettled(confirmation.requested, { scope: broken, params: { id: 'b' } });
    expect(broken.getState(confirmation.$dialog)).toEqual(texts); // asked in the app instead
    await allSettled(confirmation.dialogCancelled, { scope: broken });
    const yes = fork({ handlers: [[confirmation.askFx, async () => 'confirmed' as const]] });
    await allSettled(confirmation.requested, { scope: yes, params: { id: 'c' } });
    expect(done.mock.calls).toEqual([[{ id: 'c' }]]);
  });

  it('outside Telegram (no platform) the ask answers "dialog"', async () => {
    expect(await askTelegram(texts)).toBe('dialog');
  });
});
