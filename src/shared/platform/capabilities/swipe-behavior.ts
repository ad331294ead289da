/**
 * Vertical swipes (7.7+): on mobile clients a downward swipe on the page minimises or closes the Mini App, which fights
 * with a sheet that scrolls by itself or an amount being typed. Ref-counted like closing confirmation: each hold turns
 * them off, the last release turns them back on, so a sheet opened over another sheet keeps them off until both close.
 * The SDK's swipeBehavior is never mounted (its mount turns swipes off for good, docs/platform.md "Boot").
 */
import { useEffect } from 'react';
import { hasMethod, post } from './bridge-call';

let holders = 0;

const apply = () => {
  post('web_app_setup_swipe_behavior', { allow_vertical_swipe: holders === 0 });
};

/** Turns vertical swipes off until the returned release is called (once). No-op before 7.7. */
export function holdVerticalSwipes(): () => void {
  if (!hasMethod('web_app_setup_swipe_behavior')) return () => undefined;
  holders += 1;
  if (holders === 1) apply();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders = Math.max(0, holders - 1);
    if (holders === 0) apply();
  };
}

/** Holds vertical swipes off while `active` and the component is mounted. */
export function useVerticalSwipesOff(active: boolean): void {
  useEffect(() => (active ? holdVerticalSwipes() : undefined), [active]);
}
