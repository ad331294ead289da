/** Every `locales/ru/<namespace>.json`, one lazy chunk (fetched only when Russian is used). */
export default import.meta.glob<Record<string, unknown>>('../locales/ru/*.json', { eager: true, import: 'default' });
