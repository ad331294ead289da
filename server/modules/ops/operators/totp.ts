/**
 * The operators' second factor: TOTP (RFC 6238: 6 digits, 30-second steps, SHA-1, what every authenticator app reads
 * from an otpauth:// QR code) through otplib. A code is accepted one step either side of now (clock drift) and never
 * twice: the step it matched is stored, and a later code must be of a later step (`afterTimeStep`).
 */
import { generate, generateSecret, generateURI, verify } from 'otplib';

const TOTP_ISSUER = 'Tonic Wallet Ops';
const PERIOD_SECONDS = 30;

/** A new secret: 20 random bytes, base32 (what authenticator apps expect). */
export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// URI an authenticator app scans (the console draws it as a QR code). */
export const totpUri = (email: string, secret: string): string => generateURI({ issuer: TOTP_ISSUER, label: email, secret });

/**
 * The time step `code` matches at `now` (one step of drift either way), or null. `afterStep`: the last step accepted
 * for this operator; a code of that step or an earlier one is refused (a code seen once is never accepted again).
 */
export const verifyTotp = async (secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> => {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
};

/** The code an authenticator shows at `at` (the command-line tool's self-check and the tests). */
export const totpCodeAt = (secret: string, at: Date): Promise<string> => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });
