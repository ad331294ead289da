/** App lock: passcode, tries, biometric unlock tokens, the lock state of each session (docs/auth.md "App lock"). */
import {
  appLockBiometryAdd,
  appLockBiometryRemove,
  appLockLock,
  appLockSetPasscode,
  appLockSettings,
  appLockStatus,
  appLockTurnOff,
  appLockUnlock,
  appLockUnlockBiometric,
} from '@/shared/contract/app-lock';
import { routesWith } from '../../http/route';
import { defineModule } from '../module';
import { FairHashPool } from './hash-pool';
import { HashLimits } from './hash-limits';
import { derivePepper } from './passcode-hash';
import { addBiometricKey, removeBiometricKey } from './service/biometry';
import { setPasscode, turnOff } from './service/passcode';
import type { AppLockDeps } from './service/shared';
import { getLockStatus, lockSession, setAutoLock } from './service/status';
import { unlock, unlockBiometric } from './service/unlock';

export { CURRENT_KDF } from './passcode-hash';
export { FairHashPool } from './hash-pool';
export { requireStepUp } from './step-up';

/** The module's plugin: its dependencies, and every app-lock endpoint bound to its use case, one line each. */
export const appLockModule = defineModule({
  name: 'app-lock',
  register: (app, { db, clock, config }) => {
    const settings = config.appLock;
    const deps: AppLockDeps = {
      db,
      clock,
      pepper: derivePepper(config.jwtSecret),
      pool: new FairHashPool(settings.hashConcurrency, settings.hashQueuePerUser),
      limits: new HashLimits(settings.hashesPerUserPerMinute, settings.hashesPerIpPerMinute),
    };
    const bind = routesWith(app, deps);
    bind(appLockStatus, getLockStatus);
    bind(appLockLock, lockSession);
    bind(appLockSetPasscode, setPasscode);
    bind(appLockTurnOff, turnOff);
    bind(appLockUnlock, unlock);
    bind(appLockUnlockBiometric, unlockBiometric);
    bind(appLockSettings, setAutoLock);
    bind(appLockBiometryAdd, addBiometricKey);
    bind(appLockBiometryRemove, removeBiometricKey);
  },
});
