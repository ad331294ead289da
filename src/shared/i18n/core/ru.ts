/** The core namespaces in Russian: ONE lazy chunk, fetched before the first render (see ../resources.ts). */
export default import.meta.glob<Record<string, unknown>>('../locales/ru/{common,shell,welcome}.json', {
  eager: true,
  import: 'default',
});
