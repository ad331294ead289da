import { allSettled, fork, sample } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoll } from './poll';

describe('createPoll (the one polling timer)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  it('ticks after the pause, keeps a steady beat when scheduled again on tick, and stops at once', async () => {
    const poll = createPoll<string>({ every: 2_000, name: 'test.beat' });
    const ticks: string[] = [];
    poll.tick.watch((payload) => ticks.push(payload));
    sample({ clock: poll.tick, target: poll.scheduled });
    const scope = fork();
    const run = allSettled(poll.scheduled, { scope, params: 'a' });
    expect(scope.getState(poll.$running)).toBe(true);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(ticks).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(ticks).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(4_000);
    expect(ticks).toEqual(['a', 'a', 'a']);
    expect(scope.getState(poll.$running)).toBe(true);
    // Stopping clears the timer: the run settles without advancing time, and nothing ticks later.
    await allSettled(poll.stopped, { scope });
    await run;
    expect(scope.getState(poll.$running)).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ticks).toEqual(['a', 'a', 'a']);
  });

  it('ignores a schedule while a pause is running (one timer per poll and scope)', async () => {
    const poll = createPoll<number>({ every: 1_000, name: 'test.once' });
    const ticks: number[] = [];
    poll.tick.watch((payload) => ticks.push(payload));
    const scope = fork();
    const run = allSettled(poll.scheduled, { scope, params: 1 });
    void allSettled(poll.scheduled, { scope, params: 2 });
    await vi.advanceTimersByTimeAsync(1_000);
    await run;
    expect(ticks).toEqual([1]);
    expect(scope.getState(poll.$running)).toBe(false); // ticked and not scheduled again
  });

  it('the pause can be replaced in tests', async () => {
    const poll = createPoll<string>({ every: 60_000, name: 'test.instant' });
    const ticks: string[] = [];
    poll.tick.watch((payload) => ticks.push(payload));
    const scope = fork({ handlers: [[poll.waitFx, (payload: string) => payload]] });
    await allSettled(poll.scheduled, { scope, params: 'now' });
    expect(ticks).toEqual(['now']);
  });
});
