/** An operator's note about a user (operators only see it). */
import { createEvent, createStore, sample } from 'effector';
import { createApiMutation } from '@/shared/api';
import { opsUsersAddNote } from '@/shared/contract/ops';
import { opsErrorMessage } from '@/ops/shared/i18n';

export const addNoteMutation = createApiMutation(opsUsersAddNote, { name: 'ops.users.addNote' });
export const noteChanged = createEvent<string>();
export const noteSubmitted = createEvent<{ userId: string }>();
export const $note = createStore('').on(noteChanged, (_, text) => text).reset(addNoteMutation.finished.success);
export const $noteError = createStore<ReturnType<typeof opsErrorMessage> | null>(null)
  .on(addNoteMutation.finished.failure, (_, { error }) => opsErrorMessage(error))
  .reset(noteChanged, addNoteMutation.started);
export const noteAdded = addNoteMutation.finished.success.map(({ result }) => result);

sample({
  clock: noteSubmitted,
  source: $note,
  filter: (text) => text.trim().length > 0,
  fn: (text, { userId }) => ({ params: { userId }, body: { text: text.trim() } }),
  target: addNoteMutation.start,
});
