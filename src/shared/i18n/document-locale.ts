/**
 * The language and time zone of a document the server makes for the user (statements, receipts): the app's language,
 * the device's time zone (UTC when the runtime does not say).
 */
import { i18n } from './instance';

export function documentLocale(): { language: 'en' | 'ru'; timeZone?: string } {
  const language = (i18n.resolvedLanguage ?? i18n.language) === 'ru' ? 'ru' : 'en';
  let timeZone: string | undefined;
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    timeZone = undefined;
  }
  return timeZone ? { language, timeZone } : { language };
}
