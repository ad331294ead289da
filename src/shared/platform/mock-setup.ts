/**
 * The development mock as ONE lazy chunk (mock + its settings + themes): init.ts imports it dynamically,
 * only outside Telegram, so the product path inside Telegram never downloads it
 * (docs/performance.md "Bundle budget": `npm run size` prints both paths).
 */
import { installTelegramMock, type InstallMockOptions } from './mock';
import { resolveMockConfig, type MockConfig } from './mock-config';
import { runtime } from './state';

/** Resolves the mock settings (options → query → sessionStorage → env → defaults) and installs the mock. */
export function setUpTelegramMock(overrides?: Partial<MockConfig>, options: InstallMockOptions = {}): string {
  const config = resolveMockConfig(overrides);
  runtime.nativeChrome = config.chrome === 'telegram';
  return installTelegramMock(config, options);
}
