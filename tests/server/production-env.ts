/**
 * A production environment that starts (NODE_ENV=production with every required value set): the fixture of the
 * configuration tests, which each take one value away or change one to see the refusal.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://wallet@db.internal/wallet',
  JWT_SECRET: 'j'.repeat(40),
  TELEGRAM_BOT_TOKEN: '123456:telegram-bot-token',
  METRICS_TOKEN: 'm'.repeat(24),
  PUBLIC_ORIGIN: 'https://wallet.example.com',
  TRONGRID_API_KEY: 'trongrid-api-key-0123',
  USDT_DEPOSIT_ADDRESS: 'TDepositAddressForTronGridTests123',
  // Adapters (tests/server/adapters-config.test.ts): real mail and rates; no issuer or acquirer adapter exists yet.
  SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
  SBP_WEBHOOK_SECRET: 's'.repeat(32),
  RATES_PROVIDER: 'cbr',
  CARD_ISSUER_ADAPTER: 'none',
  SBP_ACQUIRER_ADAPTER: 'none',
  TRON_SENDER_ADAPTER: 'none',
  SBP_PAYOUT_ADAPTER: 'none',
  // The bot (tests/server/bot-config.test.ts): real Telegram, its webhook guarded.
  BOT_ADAPTER: 'telegram',
  BOT_WEBHOOK_SECRET: 'bot-webhook-secret-0123',
};
