/** Test-only public API (FSD `index.testing.ts`): transaction fixtures and a fake API. */
export * from './testing/fixtures';
