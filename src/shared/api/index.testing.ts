/**
 * Test-only public API (FSD `index.testing.ts`): import from '@/shared/api/index.testing' in *.test.ts.
 * A fake API server to stub `fetch` (`useFakeApi`: for a whole test file), reply helpers and sample endpoints. Never
 * import it from app code.
 */
export { createFakeServer, ok, fail, type FakeServer, type FakeReply } from './testing/fake-server';
export { testWallet } from './testing/endpoints';
export { useFakeApi } from './testing/setup';
