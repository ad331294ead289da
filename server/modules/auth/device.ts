/**
 * What a sign-in ran on (docs/auth.md "Sessions"): a short device summary from the User-Agent (no parser package:
 * the summary is a label for the user, a dozen rules cover the browsers and systems a Mini App runs in), the Telegram
 * platform and client version the app sends from its launch parameters (`X-Telegram-Client: <platform>/<version>`,
 * only inside Telegram), and a country from a trusted proxy's `CF-IPCountry` header. No outside service is asked.
 */
import type { FastifyRequest } from 'fastify';
import { API_HEADERS, requestHeader } from '../../http/headers';

export interface SessionDevice {
  device: string | null;
  platform: string | null;
  clientVersion: string | null;
  country: string | null;
}

export const NO_DEVICE: SessionDevice = { device: null, platform: null, clientVersion: null, country: null };

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bYaBrowser\/(\d+)/, 'Yandex Browser'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bFirefox\/(\d+)/, 'Firefox'],
  [/\bFxiOS\/(\d+)/, 'Firefox'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/(?:\b|Headless)Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * "Chrome 131 · Android", "Safari 17 · iOS", "Android", or null for nothing recognisable. Names and a separator only, no
 * words: the summary is stored once and shown as it is in every language.
 */
export const summarizeUserAgent = (userAgent: string | undefined): string | null => {
  if (!userAgent) return null;
  const ua = userAgent.slice(0, 512);
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  for (const [re, name] of BROWSERS) {
    const match = re.exec(ua);
    if (match) return system ? `${name} ${match[1]} · ${system}` : `${name} ${match[1]}`;
  }
  return system ?? null;
};

/** Telegram platforms are short lowercase words (ios, android, android_x, tdesktop, macos, weba, webk, unigram, ...). */
const PLATFORM = /^[a-z][a-z0-9_]{0,19}$/;
const VERSION = /^\d{1,3}(?:\.\d{1,3}){0,2}$/;

/** `<platform>/<version>` from X-Telegram-Client; anything else is ignored. */
export const parseTelegramClient = (value: string | undefined): { platform: string | null; clientVersion: string | null } => {
  const [platform, version, ...rest] = (value ?? '').split('/');
  if (rest.length || !platform || !PLATFORM.test(platform)) return { platform: null, clientVersion: null };
  return { platform, clientVersion: version && VERSION.test(version) ? version : null };
};

/** A country code from a proxy; Cloudflare's XX (unknown) and T1 (Tor) are not places. */
export const parseCountry = (value: string | undefined): string | null => {
  const code = (value ?? '').trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' && code !== 'T1' ? code : null;
};

/**
 * The request's device. `trustProxyCountry`: a proxy in front (TRUST_PROXY set) sets `CF-IPCountry`; without one
 * the header would be the client's own word, so it is not read.
 */
export const sessionDevice = (request: FastifyRequest, trustProxyCountry: boolean): SessionDevice => ({
  device: summarizeUserAgent(request.headers['user-agent']),
  ...parseTelegramClient(requestHeader(request, API_HEADERS.telegramClient)),
  country: trustProxyCountry ? parseCountry(typeof request.headers['cf-ipcountry'] === 'string' ? request.headers['cf-ipcountry'] : undefined) : null,
});
