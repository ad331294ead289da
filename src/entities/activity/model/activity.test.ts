// @vitest-environment happy-dom
import { allSettled, fork } from 'effector';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiDataReset, configureApi, tokenStorage } from '@/shared/api';
import { createFakeServer, ok } from '@/shared/api/index.testing';
import type { ActivityItem } from '@/shared/contract';
import { $activityItems, $activityUnread, $hasMoreActivity, activityOpened, activityUnreadRequested, moreActivityRequested } from './activity';

const server = createFakeServer();
const item = (n: number, read = false): ActivityItem => ({
  kind: 'topUpCredited',
  amount: { amount: 10_00 + n, currency: 'USD' },
  method: 'usdt',
  id: `topUpCredited:usdt:${n}`,
  createdAt: new Date(Date.UTC(2026, 10, 1, 12, 0, n)).toISOString(),
  read,
});

beforeEach(async () => {
  server.reset();
  vi.stubGlobal('fetch', server.fetch);
  configureApi({ baseUrl: 'https://api.test', getInitData: () => undefined });
  tokenStorage.save({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  await allSettled(apiDataReset, { scope: fork() });
});
afterEach(() => vi.unstubAllGlobals());

describe('activity centre', () => {
  it('the badge asks the unread count afresh each time', async () => {
    let unread = 3;
    server.on('GET', '/api/activity/unread', () => ok({ unread }));
    const scope = fork();
    await allSettled(activityUnreadRequested, { scope });
    expect(scope.getState($activityUnread)).toBe(3);
    unread = 5;
    await allSettled(activityUnreadRequested, { scope });
    expect(scope.getState($activityUnread)).toBe(5);
    expect(server.callsTo('GET', '/api/activity/unread')).toHaveLength(2);
  });

  it('opening lists the first page and marks read up to its newest entry; the entries keep "New" for this visit; more pages append', async () => {
    server.on('GET', '/api/activity', (request) =>
      request.url.includes('cursor=')
        ? ok({ items: [item(1, true)], nextCursor: null, unread: 0 })
        : ok({ items: [item(3), item(2)], nextCursor: 'c2', unread: 2 }),
    );
    server.on('POST', '/api/activity/read', () => ok({ unread: 0 }));
    const scope = fork();
    await allSettled(activityOpened, { scope });
    expect(server.callsTo('POST', '/api/activity/read').map((c) => c.body)).toEqual([{ upTo: item(3).createdAt }]);
    expect(scope.getState($activityUnread)).toBe(0);
    expect(scope.getState($activityItems).map((entry) => [entry.id, entry.read])).toEqual([
      [item(3).id, false],
      [item(2).id, false],
    ]);
    expect(scope.getState($hasMoreActivity)).toBe(true);
    await allSettled(moreActivityRequested, { scope });
    expect(scope.getState($activityItems).map((entry) => entry.id)).toEqual([item(3).id, item(2).id, item(1).id]);
    expect(scope.getState($hasMoreActivity)).toBe(false);
    expect(server.callsTo('POST', '/api/activity/read')).toHaveLength(1);
  });

  it('nothing unread or nothing at all: nothing is marked', async () => {
    server.on('GET', '/api/activity', () => ok({ items: [item(1, true)], nextCursor: null, unread: 0 }));
    const scope = fork();
    await allSettled(activityOpened, { scope });
    server.on('GET', '/api/activity', () => ok({ items: [], nextCursor: null, unread: 0 }));
    await allSettled(activityOpened, { scope });
    expect(scope.getState($activityItems)).toEqual([]);
    expect(server.callsTo('POST', '/api/activity/read')).toHaveLength(0);
  });
});
