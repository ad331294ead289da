/** Finding a user (support's first step when someone writes in). */
import { createEvent, createStore, sample } from 'effector';
import { opsUsersSearch } from '@/shared/contract/ops';
import { createPageLifecycle } from '@/shared/lib';
import { createPagedList } from '@/ops/shared/api';

export const usersPage = createPageLifecycle<{ q: string }>('opsUsersPage');
export const usersList = createPagedList(opsUsersSearch, 'ops.users.search', 'ops-users:searchFailed');
export const queryChanged = createEvent<string>();
export const searched = createEvent();
export const $query = createStore('')
  .on(queryChanged, (_, q) => q)
  .on(usersPage.opened, (current, { q }) => q || current);

sample({ clock: [usersPage.opened, searched], source: $query, fn: (q) => ({ query: { q: q.trim() || undefined, limit: 20 } }), target: usersList.loaded });
