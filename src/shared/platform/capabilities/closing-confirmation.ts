/**
 * "Are you sure you want to close?" confirmation (6.2+ clients honour it). Ref-counted: every
 * `setClosingConfirmation(true)` needs its own `setClosingConfirmation(false)`, so two features
 * (e.g. a pending top-up and an unsent form) can hold it independently.
 */
import { useEffect } from 'react';
import { closingBehavior } from '@telegram-apps/sdk-react';
import { ok, settle, type BridgeResult } from '../bridge-result';
import { preflight } from './preflight';

let holders = 0;

/** Adds (true) or releases (false) one hold. Resolves with whether confirmation is now on. */
export async function setClosingConfirmation(enabled: boolean): Promise<BridgeResult<boolean>> {
  holders = enabled ? holders + 1 : Math.max(0, holders - 1);
  const wanted = holders > 0;
  const blocked = preflight(closingBehavior.enableConfirmation);
  if (blocked) return blocked;
  if (!closingBehavior.isMounted()) closingBehavior.mount.ifAvailable();
  const result = await settle(() => {
    if (wanted) closingBehavior.enableConfirmation();
    else closingBehavior.disableConfirmation();
  });
  return result.ok ? ok(wanted) : result;
}

/** Holds closing confirmation while `enabled` is true and the component is mounted. */
export function useClosingConfirmation(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return undefined;
    void setClosingConfirmation(true);
    return () => {
      void setClosingConfirmation(false);
    };
  }, [enabled]);
}

/** Test helper. */
function resetClosingConfirmationHolders(): void {
  holders = 0;
}
