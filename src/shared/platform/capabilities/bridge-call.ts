/**
 * The bridge, for Telegram methods the SDK 3.11 has no wrapper for (or whose wrapper would add to every first screen):
 * post a method, wait for its answer event, follow an event. Every method and event name here is checked against
 * Telegram's own script (fixtures/telegram-web-app.json, bridge-contract.test.ts), so a move to @tma.js stays a change
 * of this folder only.
 */
import { off, on, postEvent, request, supports, type MethodName } from '@telegram-apps/sdk-react';
import { fail, ok, settle, type BridgeResult } from '../bridge-result';
import { runtime } from '../state';

/** True when the running client (or mock) has `method`: initialised and at least the method's version. */
export function hasMethod(method: string): boolean {
  const version = runtime.initialized ? runtime.launchParams?.version : undefined;
  if (!version) return false;
  try {
    return supports(method as MethodName, version);
  } catch {
    return false;
  }
}

/** Posts `method` when the client has it; false (nothing posted) otherwise. Never throws. */
export function post(method: string, params?: Record<string, unknown>): boolean {
  if (!hasMethod(method)) return false;
  try {
    (postEvent as (name: string, data?: unknown) => void)(method, params);
    return true;
  } catch {
    return false;
  }
}

/** Posts `method` and resolves with the first of `events` Telegram answers (its name and payload). */
export async function ask<P = Record<string, unknown>>(
  method: string,
  events: readonly string[],
  options: { params?: Record<string, unknown>; timeoutMs: number },
): Promise<BridgeResult<{ event: string; payload: P }>> {
  if (!runtime.initialized) return fail('outside');
  if (!hasMethod(method)) return fail('unsupported');
  let event = '';
  const run = request as unknown as (
    name: string,
    answers: string[],
    opts: { params?: unknown; timeout: number; capture: (answer: { event: string }) => boolean },
  ) => PromiseLike<P>;
  const result = await settle(() =>
    run(method, [...events], {
      ...(options.params ? { params: options.params } : {}),
      timeout: options.timeoutMs,
      capture: (answer) => {
        event = answer.event;
        return true;
      },
    }),
  );
  return result.ok ? ok({ event, payload: (result.value ?? {}) as P }) : result;
}

/** Follows a Telegram event. Returns the unsubscribe function. */
export function listen<P = Record<string, unknown>>(event: string, handler: (payload: P) => void): () => void {
  const subscribe = on as unknown as (name: string, listener: (payload: P) => void) => void;
  const unsubscribe = off as unknown as (name: string, listener: (payload: P) => void) => void;
  subscribe(event, handler);
  return () => unsubscribe(event, handler);
}
