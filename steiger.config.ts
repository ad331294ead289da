import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fsd from '@feature-sliced/steiger-plugin';
import { defineConfig } from 'steiger';

/**
 * steiger 0.6 does not read `.steiger.json` itself (it only loads steiger.config.* from the cwd).
 * This config loads it so the JSON file stays the single place where the team's rule settings live.
 * STEIGER_RULES_FILE points at another file (tests/unit/steiger-config.test.ts uses a temp copy).
 *
 * `.steiger.json` shape: { "rules": { "fsd/<rule>": "off" | "warn" | "error" | [severity, options] },
 *                          "ignores": ["glob", ...], "reasons": { "fsd/<rule>": "why it is off" } }
 */
type Severity = 'off' | 'warn' | 'error';
type RuleSetting = Severity | [Severity, Record<string, unknown>];
interface TeamRules {
  rules?: Record<string, RuleSetting>;
  ignores?: string[];
  reasons?: Record<string, string>;
}

const rulesFile = process.env.STEIGER_RULES_FILE ?? fileURLToPath(new URL('./.steiger.json', import.meta.url));
const team = JSON.parse(readFileSync(rulesFile, 'utf8')) as TeamRules;

const severities = new Set<string>(['off', 'warn', 'error']);
for (const [name, setting] of Object.entries(team.rules ?? {})) {
  const severity = Array.isArray(setting) ? setting[0] : setting;
  if (!severities.has(severity)) {
    throw new Error(`${rulesFile}: rule "${name}" has severity ${JSON.stringify(severity)}; use off, warn or error`);
  }
}

export default defineConfig([
  ...fsd.configs.recommended,
  ...(team.ignores?.length ? [{ ignores: team.ignores }] : []),
  ...(team.rules && Object.keys(team.rules).length ? [{ rules: team.rules as never }] : []),
]);
