/**
 * Public API of the Telegram platform segment. Import only from here: `@/shared/platform`.
 * Also import the CSS fallbacks once from the app entry: `@/shared/platform/platform.css`.
 */
export {
  initPlatform,
  markReady,
  startNativeLook,
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
export { setClosingConfirmation } from './capabilities/closing-confirmation';
export { haptic } from './capabilities/haptic';
export {
  getBiometryStatus,
  authenticateWithBiometry,
  saveBiometricToken,
  readBiometricToken,
  removeBiometricToken,
} from './capabilities/biometry';
export { cloudStorage } from './capabilities/cloud-storage';
export { isCloudStorageSupported, isSecureStorageSupported } from './capabilities/support';
export { scanQrCode } from './capabilities/qr-scanner';
export { requestPhoneContact } from './capabilities/contact';
export { requestLocation } from './capabilities/location';
export { showPopup, isTelegramPopupAvailable } from './capabilities/popup';
export { openTelegramLink, openLink, shareUrl } from './capabilities/links';
export { onAppHidden } from './capabilities/visibility';
export { downloadFile, type DownloadRoute } from './capabilities/download';
export { onAppActivity } from './capabilities/app-activity';
export { requestWriteAccess, canRequestWriteAccess, telegramAllowsBotMessages } from './capabilities/write-access';
export { showSettingsButton } from './capabilities/settings-button';
export { useVerticalSwipesOff } from './capabilities/swipe-behavior';
export { hideKeyboard } from './capabilities/keyboard';
export { checkHomeScreen, addToHomeScreen, type HomeScreenStatus } from './capabilities/home-screen';
export { shareMessage, canShareMessage } from './capabilities/share-message';
