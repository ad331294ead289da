/** Test-only public API (FSD `index.testing.ts`): fixtures and a fake API for the wallet slices' unit tests. */
export * from './testing/fixtures';
