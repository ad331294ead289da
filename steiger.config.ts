import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fsd from '@feature-sliced/steiger-plugin';
import { defineConfig } from 'steiger';

/**
 * steiger 0.6 does not read `.steiger.json` itself. This config loads it so the JSON file stays the
 * single place where the team's rule settings live. STEIGER_RULES_FILE points at another file (tests).
 */
type Severity = 'off' | 'warn' | 'error';
interface TeamRules {
  rules?: Record<string, Severity | [Severity, Record<string, unknown>]>;
  ignores?: string[];
}

const rulesFile = process.env.STEIGER_RULES_FILE ?? fileURLToPath(new URL('./.steiger.json', import.meta.url));
const team = JSON.parse(readFileSync(rulesFile, 'utf8')) as TeamRules;

export default defineConfig([
  ...fsd.configs.recommended,
  ...(team.ignores?.length ? [{ ignores: team.ignores }] : []),
  ...(team.rules && Object.keys(team.rules).length ? [{ rules: team.rules as never }] : []),
]);
