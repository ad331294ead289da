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
  route(app, appLockStatus, ({ requireUser }) => lock.status(requireUser().userId));
  route(app, appLockSetPasscode, ({ requireUser, body }) => lock.setPasscode(requireUser(), body));
  route(app, appLockTurnOff, ({ requireUser, body }) => lock.turnOff(requireUser(), body.passcode));
  route(app, appLockUnlock, ({ requireUser, body }) => lock.unlock(requireUser(), body.passcode));
  route(app, appLockUnlockBiometric, ({ requireUser, body }) => lock.unlockBiometric(requireUser(), body.biometricToken));
  route(app, appLockSettings, ({ requireUser, body }) => lock.setAutoLock(requireUser().userId, body.autoLockSeconds));
  route(app, appLockBiometryAdd, ({ requireUser, body }) => lock.addBiometricKey(requireUser().userId, body.biometricToken));
  route(app, appLockBiometryRemove, ({ requireUser, body }) => lock.removeBiometricKey(requireUser().userId, body.biometricToken));
};

export const appLockModule = defineModule({
  name: 'app-lock',
  register: (app, { db, clock, config }) => {
    registerAppLockRoutes(app, new AppLockService({ db, clock, pepper: derivePepper(config.jwtSecret), log: app.log }));
  },
});
