/** What the running client supports: for a settings/debug display and e2e assertions. */
import { supports, type MethodName } from '@telegram-apps/sdk-react';
import { runtime } from './state';

type PlatformFeature =
  | 'backButton'
  | 'closingConfirmation'
  | 'haptics'
  | 'popup'
  | 'qrScanner'
  | 'invoice'
  | 'cloudStorage'
  | 'contact'
  | 'biometry'
  | 'swipeBehavior'
  | 'safeArea'
  | 'location'
  | 'deviceStorage';

/** The bridge method behind each feature; its minimum version comes from the SDK's table. */
const FEATURE_METHODS: Record<PlatformFeature, MethodName> = {
  backButton: 'web_app_setup_back_button', // 6.1
  closingConfirmation: 'web_app_setup_closing_behavior',
  haptics: 'web_app_trigger_haptic_feedback', // 6.1
  popup: 'web_app_open_popup', // 6.2
  qrScanner: 'web_app_open_scan_qr_popup', // 6.4
  invoice: 'web_app_open_invoice', // 6.1
  cloudStorage: 'web_app_invoke_custom_method', // 6.9
  contact: 'web_app_request_phone', // 6.9
  biometry: 'web_app_biometry_get_info', // 7.2
  swipeBehavior: 'web_app_setup_swipe_behavior', // 7.7
  safeArea: 'web_app_request_safe_area', // 8.0
  location: 'web_app_check_location', // 8.0
  deviceStorage: 'web_app_secure_storage_get_key', // 9.0 (SecureStorage and DeviceStorage)
};

export interface PlatformInfo {
  initialized: boolean;
  isMock: boolean;
  platform?: string;
  version?: string;
  /** true when the running Telegram version supports the feature (false before init). */
  features: Record<PlatformFeature, boolean>;
}

export function getPlatformInfo(): PlatformInfo {
  const version = runtime.initialized ? runtime.launchParams?.version : undefined;
  const features = Object.fromEntries(
    Object.entries(FEATURE_METHODS).map(([feature, method]) => [
      feature,
      version !== undefined && supports(method, version),
    ]),
  ) as Record<PlatformFeature, boolean>;
  return {
    initialized: runtime.initialized,
    isMock: runtime.isMock,
    ...(runtime.launchParams
      ? { platform: runtime.launchParams.platform, version: runtime.launchParams.version }
      : {}),
    features,
  };
}
