import { describe, expect, it } from 'vitest';
import { isTronAddress, tronAddressBytes, tronAddressOf } from './tron-address';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('TRON addresses', () => {
  it('decodes and encodes known addresses (public test vectors)', () => {
    for (const [address, bytes] of [
      ['TCNtTa1rveKkovHR2ebABu4K66U6ocUCZX', '411a6ac17c82ad141ebc524a9ffc94965848f35279'],
      ['TEEFn7rQqx4Xc3GL1Bx27A155xAj7w5W7a', '412eb90f8356345c903d9f85e58d1b8177890adfb6'],
      ['TGgd7pXdZALo9GyT4pmF2tT6JRf7ETWVcL', '4149a5f0cda413ab723fff9baf956329ecfe5d1a23'],
    ] as const) {
      expect(hex(tronAddressBytes(address)!)).toBe(bytes);
      expect(tronAddressOf(Buffer.from(bytes, 'hex'))).toBe(address);
    }
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true); // USDT's contract
  });

  it('refuses a wrong checksum, length, alphabet or prefix', () => {
    for (const bad of [
      'TCNtTa1rveKkovHR2ebABu4K66U6ocUCZY', // one character changed: checksum
      'TCNtTa1rveKkovHR2ebABu4K66U6ocUCZ', // too short
      'TCNtTa1rveKkovHR2ebABu4K66U6ocUCZXX',
      'TCNtTa1rveKkovHR2ebABu4K66U6ocUC0X', // 0 is not base58
      'tCNtTa1rveKkovHR2ebABu4K66U6ocUCZX',
      '1BoatSLRHtKNngkdXEeobR76b53LETtpyT', // a Bitcoin address: another prefix
      '0x1a6ac17c82ad141ebc524a9ffc94965848f35279',
      '',
      'T'.repeat(34),
      'TCNtTa1rveKkovHR2ebABu4K66U6ocUCZX\u0000',
      ' TCNtTa1rveKkovHR2ebABu4K66U6ocUCZX',
    ]) {
      expect(isTronAddress(bad), bad).toBe(false);
    }
  });
});
