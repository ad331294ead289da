/** Test-only public API (import from '@/entities/card-product/index.testing' in *.test.ts files). */
export { makeProduct } from './testing/fixtures';
