/**
 * TRON addresses (base58check of 21 bytes: the prefix 0x41 and the 20-byte account id; the last 4 bytes of the
 * base58 payload are the first 4 of SHA-256(SHA-256(the 21 bytes))). One rule for the address book's form and the
 * server, so a mistyped address is refused before it is saved. docs/api.md "Withdrawals".
 */
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';

/** TRON's address prefix (mainnet and the public testnets alike). */
export const TRON_ADDRESS_PREFIX = 0x41;
const base58check = createBase58check(sha256);

/** The 21 bytes (0x41 + 20) of a TRON address, or null when it is not one (wrong alphabet, length, checksum or prefix). */
export const tronAddressBytes = (address: string): Uint8Array | null => {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return null;
  try {
    const bytes = base58check.decode(address);
    return bytes.length === 21 && bytes[0] === TRON_ADDRESS_PREFIX ? bytes : null;
  } catch {
    return null;
  }
};

export const isTronAddress = (address: string): boolean => tronAddressBytes(address) !== null;

/** The base58check address of 21 bytes (0x41 + 20). */
export const tronAddressOf = (bytes: Uint8Array): string => {
  if (bytes.length !== 21 || bytes[0] !== TRON_ADDRESS_PREFIX) throw new Error('a TRON address is 0x41 and 20 bytes');
  return base58check.encode(bytes);
};
