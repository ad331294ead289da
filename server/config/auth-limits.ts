/** Email-code and token rules in one place (fixed, not settings; documented in docs/auth.md "Auth"). */
export const AUTH_LIMITS = {
  codeLength: 6,
  codeTtlSeconds: 10 * 60,
  maxWrongAttempts: 5,
  resendCooldownSeconds: 60,
  /** Codes (and informative notices) per email address per rolling hour. */
  codesPerEmailPerHour: 5,
  /** Codes per client IP per rolling hour. */
  codesPerIpPerHour: 20,
  /** Email-change codes a signed-in account may ask for per rolling hour, whatever the addresses (issue #31: no oracle). */
  emailChangeCodesPerUserPerHour: 5,
  accessTokenTtlSeconds: 15 * 60,
  refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
  /** Telegram init data older than this is refused. */
  telegramInitDataMaxAgeSeconds: 24 * 60 * 60,
} as const;
