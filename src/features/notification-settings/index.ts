export { NotificationSettingsSection } from './ui/notification-settings-section';
