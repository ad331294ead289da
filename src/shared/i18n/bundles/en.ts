/** Every `locales/en/<namespace>.json`, bundled with the entry (English is the fallback language). */
export default import.meta.glob<Record<string, unknown>>('../locales/en/*.json', { eager: true, import: 'default' });
