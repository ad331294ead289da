/** App lock: passcode, tries, biometric unlock tokens (docs/server.md "App lock"). */
import type { FastifyInstance } from 'fastify';
import {
  appLockBiometryAdd,
  appLockBiometryRemove,
  appLockSetPasscode,
  appLockSettings,
  appLockStatus,
  appLockTurnOff,
  appLockUnlock,
  appLockUnlockBiometric,
} from '@/shared/contract/app-lock';
import { route } from '../../http/route';
import { defineModule } from '../module';
import { derivePepper } from './passcode-hash';
import { AppLockService } from './service';

export { AppLockService, DEFAULT_AUTO_LOCK_SECONDS, MAX_BIOMETRIC_DEVICES } from './service';
export { CURRENT_KDF } from './passcode-hash';

const registerAppLockRoutes = (app: FastifyInstance, lock: AppLockService): void => {
  route(app, appLockStatus, ({ user }) => lock.status(user.userId));
  route(app, appLockSetPasscode, ({ user, body }) => lock.setPasscode(user, body));
  route(app, appLockTurnOff, ({ user, body }) => lock.turnOff(user, body.passcode));
  route(app, appLockUnlock, ({ user, body }) => lock.unlock(user, body.passcode));
  route(app, appLockUnlockBiometric, ({ user, body }) => lock.unlockBiometric(user, body.biometricToken));
  route(app, appLockSettings, ({ user, body }) => lock.setAutoLock(user.userId, body.autoLockSeconds));
  route(app, appLockBiometryAdd, ({ user, body }) => lock.addBiometricKey(user.userId, body.biometricToken));
  route(app, appLockBiometryRemove, ({ user, body }) => lock.removeBiometricKey(user.userId, body.biometricToken));
};

export const appLockModule = defineModule({
  name: 'app-lock',
  register: (app, { db, clock, config }) => {
    registerAppLockRoutes(app, new AppLockService({ db, clock, pepper: derivePepper(config.jwtSecret), log: app.log }));
  },
});
