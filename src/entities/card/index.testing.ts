/** Test-only public API (import from '@/entities/card/index.testing' in *.test.ts files). */
export { makeCard, pageOf, useCardsFakeApi, sealSensitive, TEST_PLAINTEXT } from './testing/fixtures';
