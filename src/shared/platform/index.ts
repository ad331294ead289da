/**
 * Public API of the Telegram platform segment. Import only from here: `@/shared/platform`.
 * Also import the CSS fallbacks once from the app entry: `@/shared/platform/platform.css`.
 */
export {
  initPlatform,
  markReady,
  getLaunchParams,
  getRawInitData,
  getInitDataForServer,
  getTelegramClientForServer,
  getTelegramLanguageCode,
  getStartParam,
  isMockEnvironment,
  DETECT_TIMEOUT_MS,
  type InitPlatformOptions,
  type PlatformState,
} from './init';
export {
  parseLaunchParams,
  type LaunchParams,
  type LaunchParamsIssue,
  type ParseLaunchParamsResult,
  type RawLaunchParams,
  type InitData,
  type TelegramUser,
  type ThemeParams,
} from './launch-params';
export type { MockConfig, MockTheme } from './mock-config';
export type { MockCall } from './mock';
export {
  ERROR_MESSAGE_KEYS,
  type BridgeError,
  type BridgeErrorKind,
  type BridgeResult,
} from './bridge-result';
export { getPlatformInfo, type PlatformFeature, type PlatformInfo } from './platform-info';
export {
  useTelegramBackButton,
  isTelegramBackButtonAvailable,
  setTelegramBackButtonSuspended,
  type TelegramBackButtonOptions,
} from './capabilities/back-button';
export {
  isTelegramBottomButtonAvailable,
  setTelegramBottomButton,
  onTelegramBottomButtonClick,
  type BottomButtonSlot,
  type BottomButtonState,
} from './capabilities/bottom-button';
export {
  secureStorage,
  deviceStorage,
  isDeviceStoreSupported,
  type DeviceStore,
  type DeviceStoreKind,
} from './capabilities/device-storage';
export { setClosingConfirmation, useClosingConfirmation } from './capabilities/closing-confirmation';
export { haptic, type HapticImpactStyle, type HapticNotificationType } from './capabilities/haptic';
export {
  getBiometryStatus,
  authenticateWithBiometry,
  saveBiometricToken,
  readBiometricToken,
  removeBiometricToken,
  type BiometryStatus,
} from './capabilities/biometry';
export { openInvoice, type InvoiceStatus } from './capabilities/invoice';
export { cloudStorage } from './capabilities/cloud-storage';
export { scanQrCode, type ScanQrCodeOptions } from './capabilities/qr-scanner';
export { requestPhoneContact, type PhoneContact } from './capabilities/contact';
export { requestLocation, type Location } from './capabilities/location';
export {
  showPopup,
  validatePopup,
  POPUP_LIMITS,
  type PopupButton,
  type ShowPopupOptions,
} from './capabilities/popup';
export { openTelegramLink, openLink, shareUrl } from './capabilities/links';
export { sharePreparedMessage } from './capabilities/share-message';
export { onAppHidden } from './capabilities/visibility';
export { downloadFile, canDownloadInTelegram, type DownloadRoute } from './capabilities/download';
export { onAppActivity, appActivitySource, isVersionAtLeast, type AppActivityHandlers, type AppActivitySource } from './capabilities/app-activity';
