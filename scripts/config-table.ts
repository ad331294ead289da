/**
 * Prints the table of every server variable (docs/server.md "Configuration") from the configuration schema
 * (server/config): `npx tsx scripts/config-table.ts`, then paste it between the markers. A test checks it is current.
 */
import { pathToFileURL } from 'node:url';
import { configVariables } from '../server/config';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export const configTable = (): string =>
  [
    '| Variable | Section | Default | Meaning |',
    '|---|---|---|---|',
    ...configVariables().map(({ name, section, default: shown, doc }) => `| ${name} | ${section} | ${cell(shown)} | ${cell(doc)} |`),
  ].join('\n');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(configTable());
