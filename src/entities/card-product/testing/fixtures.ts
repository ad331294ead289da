/** Test fixtures for card products (import from '@/entities/card-product/index.testing' in *.test.ts only). */
import { CardProduct as CardProductSchema, type CardProduct } from '@/shared/contract';

export function makeProduct(overrides: Partial<CardProduct> = {}): CardProduct {
  const usd = (amount: number) => ({ amount, currency: 'USD' as const });
  return CardProductSchema.parse({
    id: 'prd_visa',
    name: 'Visa Virtual',
    scheme: 'visa',
    form: 'virtual',
    currency: 'USD',
    issueCost: usd(1_000),
    creationFee: usd(500),
    issuingFee: usd(500),
    minimalDeposit: usd(1_000),
    depositFee: { bps: 150, fixed: usd(0) },
    depositRange: { min: usd(1_000), max: usd(1_000_000) },
    description: 'A virtual card.',
    requirements: ['Verified account'],
    available: true,
    imageUrl: null,
    ...overrides,
  });
}
