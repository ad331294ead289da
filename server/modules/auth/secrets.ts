import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Separate keys for separate purposes, all derived from the one server secret. */
export const deriveKey = (
  secret: string,
  purpose: 'access-token' | 'email-code' | 'refresh-successor' | 'operator-access-token' | 'operator-totp',
): Buffer =>
  createHmac('sha256', secret).update(`tg-wallet:${purpose}`).digest();

export const hmacHex = (key: Buffer, message: string): string => createHmac('sha256', key).update(message).digest('hex');

export const sha256Base64Url = (value: string): string => createHash('sha256').update(value).digest('base64url');

/** Constant-time comparison of two hex/base64 strings. */
export const safeEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};
