/** App lock: passcode, tries, biometric unlock tokens, the lock state of each session (docs/server.md "App lock"). */
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
import { AppLockService } from './service';

export { AppLockService, DEFAULT_AUTO_LOCK_SECONDS, MAX_BIOMETRIC_DEVICES } from './service';
export { CURRENT_KDF } from './passcode-hash';
export { FairHashPool } from './hash-pool';
export { requireStepUp } from './step-up';

export const appLockModule = defineModule({
  name: 'app-lock',
  register: (app, { db, clock, config }) => {
    const settings = config.appLock;
    const lock = new AppLockService({
      db,
      clock,
      pepper: derivePepper(config.jwtSecret),
      log: app.log,
      pool: new FairHashPool(settings.hashConcurrency, settings.hashQueuePerUser),
      limits: new HashLimits(settings.hashesPerUserPerMinute, settings.hashesPerIpPerMinute),
    });
    // Each use case: the module's service and the request (user, body, ip); the caller is the session and its address.
    const bind = routesWith(app, { lock });
    bind(appLockStatus, ({ lock, user }) => lock.status(user.userId, user.appLock.locked));
    bind(appLockLock, ({ lock, user, ip }) => lock.lock({ ...user, ip }));
    bind(appLockSetPasscode, ({ lock, user, ip, body }) => lock.setPasscode({ ...user, ip }, body));
    bind(appLockTurnOff, ({ lock, user, ip, body }) => lock.turnOff({ ...user, ip }, body.passcode));
    bind(appLockUnlock, ({ lock, user, ip, body }) => lock.unlock({ ...user, ip }, body.passcode));
    bind(appLockUnlockBiometric, ({ lock, user, ip, body }) => lock.unlockBiometric({ ...user, ip }, body.biometricToken));
    bind(appLockSettings, ({ lock, user, body }) => lock.setAutoLock(user.userId, body.autoLockSeconds));
    bind(appLockBiometryAdd, ({ lock, user, ip, body }) => lock.addBiometricKey({ ...user, ip }, body.biometricToken, body.passcode));
    bind(appLockBiometryRemove, ({ lock, user, body }) => lock.removeBiometricKey(user.userId, body.biometricToken));
  },
});
