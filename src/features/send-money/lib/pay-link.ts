/**
 * What a scanned QR or a pasted text says about a recipient: their payment code (from their link
 * `https://t.me/<bot>[/<app>]?startapp=pay_<code>`, or the bare code), or a @username.
 */
import { PayCode, TelegramUsername } from '@/shared/contract';

export type RecipientInput = { payCode: string } | { username: string };

const isPayCode = (text: string): boolean => PayCode.safeParse(text).success;

export function parseRecipientInput(raw: string): RecipientInput | null {
  const text = raw.trim();
  if (!text) return null;
  const start = /[?&]startapp=pay_([A-Za-z0-9]{10})(?:&|$)/.exec(text);
  if (start?.[1]) return { payCode: start[1] };
  if (/^pay_[A-Za-z0-9]{10}$/.test(text)) return { payCode: text.slice(4) };
  const tme = /^(?:https?:\/\/)?t\.me\/@?([A-Za-z][A-Za-z0-9_]{3,31})\/?$/.exec(text);
  if (tme?.[1]) return { username: tme[1] };
  if (text.startsWith('@') && TelegramUsername.safeParse(text).success) return { username: text.slice(1) };
  if (isPayCode(text) && /\d/.test(text)) return { payCode: text };
  if (TelegramUsername.safeParse(text).success) return { username: text.replace(/^@/, '') };
  return null;
}

