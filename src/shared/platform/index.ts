/**
 * Public API of the Telegram platform segment. Import only from here: `@/shared/platform`.
 * Also import the CSS fallbacks once from the app entry: `@/shared/platform/platform.css`.
 */
export {
  initPlatform,
  markReady,
  getRawInitData,
  getInitDataForServer,
  getTelegramClientForServer,
  getStartParam,
  isMockEnvironment,
  type PlatformState,
} from './init';
export { type LaunchParamsIssue } from './launch-params';
export { type BridgeResult } from './bridge-result';
export { getPlatformInfo, type PlatformInfo } from './platform-info';
export {
  useTelegramBackButton,
  isTelegramBackButtonAvailable,
  setTelegramBackButtonSuspended,
} from './capabilities/back-button';
export {
  isTelegramBottomButtonAvailable,
  setTelegramBottomButton,
  onTelegramBottomButtonClick,
  type BottomButtonSlot,
  type BottomButtonState,
} from './capabilities/bottom-button';
export { secureStorage, deviceStorage, isDeviceStoreSupported, type DeviceStore } from './capabilities/device-storage';
export { useClosingConfirmation } from './capabilities/closing-confirmation';
export { haptic } from './capabilities/haptic';
export {
  getBiometryStatus,
  authenticateWithBiometry,
  saveBiometricToken,
  readBiometricToken,
  removeBiometricToken,
} from './capabilities/biometry';
export { cloudStorage } from './capabilities/cloud-storage';
export { scanQrCode } from './capabilities/qr-scanner';
export { requestPhoneContact } from './capabilities/contact';
export { requestLocation } from './capabilities/location';
export { showPopup } from './capabilities/popup';
export { openTelegramLink, openLink, shareUrl } from './capabilities/links';
export { sharePreparedMessage } from './capabilities/share-message';
export { onAppHidden } from './capabilities/visibility';
export { downloadFile, type DownloadRoute } from './capabilities/download';
export { onAppActivity } from './capabilities/app-activity';
