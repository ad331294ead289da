export {
  $notificationSettings,
  $notificationSettingsError,
  $changingKind,
  notificationKindToggled,
  notificationSettingsOpened,
  notificationSettingsQuery,
  notificationSettingsMutation,
} from './model/notification-settings';
export { NotificationSettingsSection } from './ui/notification-settings-section';
