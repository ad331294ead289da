/**
 * Telegram's SettingsButton (6.10+): the "Settings" item of the Mini App's menu in Telegram's header. Shown while the
 * app asks for it; a press calls `onPress` (the app opens its Settings). Nothing where the client has none.
 */
import { hasMethod, listen, post } from './bridge-call';

/** Shows the SettingsButton and follows its presses. Returns the function that hides it again. */
export function showSettingsButton(onPress: () => void): () => void {
  if (!hasMethod('web_app_setup_settings_button')) return () => undefined;
  const stop = listen('settings_button_pressed', () => onPress());
  post('web_app_setup_settings_button', { is_visible: true });
  return () => {
    stop();
    post('web_app_setup_settings_button', { is_visible: false });
  };
}
