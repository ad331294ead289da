/**
 * One operator action behind a dialog (freeze an account, approve an adjustment, ...): `opened(target)` shows the
 * dialog for a target, `submitted(input)` calls the endpoint, success closes it with a toast and fires `done`; a
 * failure keeps it open with the error and fires `failed`. The Idempotency-Key of an idempotent endpoint is made when
 * the dialog opens and sent with every try of it, so pressing again after a lost answer never acts twice. Registered
 * as an effector factory (vite.config.ts).
 */
import { createEffect, createEvent, createStore, sample, type Event, type EventCallable, type Store } from 'effector';
import { createApiMutation, newIdempotencyKey, type ApiMutationParams, type ErrorMessage } from '@/shared/api';
import type { EndpointData, EndpointDef } from '@/shared/contract';
import { i18n } from '@/shared/i18n';
import { notify } from '@/shared/ui';
import { opsErrorMessage } from '../i18n';

type ActionEndpoint = EndpointDef<any, any, any, any>;
type Input<E> = Exclude<ApiMutationParams<E>, void>;

export interface ConsoleAction<E extends ActionEndpoint, Target> {
  opened: EventCallable<Target>;
  closed: EventCallable<void>;
  submitted: EventCallable<Omit<Input<E>, 'idempotencyKey'>>;
  /** The action's answer (the dialog has closed). */
  done: Event<EndpointData<E>>;
  /** The call failed (the dialog stays open with `$error`): the error, to act on (e.g. reload a list it was stale in). */
  failed: Event<unknown>;
  $target: Store<Target | null>;
  $pending: Store<boolean>;
  $error: Store<ErrorMessage | null>;
}

const toastFx = createEffect((key: string) => void notify.success(i18n.t(key)));

export function createConsoleAction<E extends ActionEndpoint, Target = true>(
  endpoint: E,
  { name, successKey, errorKey }: { name: string; successKey: string; errorKey?: string },
): ConsoleAction<E, Target> {
  const mutation = createApiMutation(endpoint, { name });
  const opened = createEvent<Target>();
  const closed = createEvent();
  const submitted = createEvent<Omit<Input<E>, 'idempotencyKey'>>();
  const $target = createStore<Target | null>(null).on(opened, (_, target) => target).reset(closed, mutation.finished.success);
  const $key = createStore<string | null>(null).on(opened, () => (endpoint.idempotent ? newIdempotencyKey() : null));
  const $error = createStore<ErrorMessage | null>(null)
    .on(mutation.finished.failure, (_, { error }) => opsErrorMessage(error, errorKey))
    .reset(opened, closed, mutation.started);

  sample({
    clock: submitted,
    source: { target: $target, key: $key, pending: mutation.$pending },
    filter: ({ target, pending }) => target !== null && !pending,
    fn: ({ key }, input) => ({ ...(input as object), ...(key ? { idempotencyKey: key } : {}) }) as unknown as ApiMutationParams<E>,
    target: mutation.start,
  });
  const done = mutation.finished.success.map(({ result }) => result as EndpointData<E>);
  sample({ clock: done as Event<unknown>, fn: () => successKey, target: toastFx });

  const failed = mutation.finished.failure.map(({ error }) => error as unknown);

  return { opened, closed, submitted, done, failed, $target, $pending: mutation.$pending, $error };
}
