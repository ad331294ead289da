/**
 * The outside world of one app: which implementation of each integration it uses, as the configuration chose it
 * (docs/adapters.md "Configuration": RATES_PROVIDER, CARD_ISSUER_ADAPTER, SBP_ACQUIRER_ADAPTER, MAIL_ADAPTER,
 * TRON_ADAPTER, BOT_ADAPTER, KYC_PROVIDER). Production adapters are built here; the sandbox's stand-ins come from server/sandbox (SANDBOX on).
 * Adapters given by the caller (tests) win. The modules only see the interfaces (server/modules/module.ts `Adapters`).
 */
import type { FastifyInstance } from 'fastify';
import { SmtpMailAdapter } from './adapters/mail';
import { CbrRateProvider } from './adapters/rates';
import { TelegramBotAdapter } from './adapters/telegram-bot';
import { TronGridSender, TronGridSource, type TronSender } from './adapters/tron';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/db';
import type { Monitor } from './monitor';
import type { Adapters } from './modules';
import { createSandbox, SandboxMailAdapter, type Sandbox } from './sandbox';

export const resolveAdapters = (
  app: FastifyInstance,
  { db, clock, config, given, monitor }: { db: Db; clock: Clock; config: Config; given: Adapters; monitor: Monitor },
): { adapters: Adapters; sandbox: Sandbox | null } => {
  const warn = (msg: string, data: object = {}) => app.log.warn(data, msg);
  const sandbox = config.sandbox ? createSandbox(app, { db, clock, config, cardIssuer: given.cardIssuer }) : null;
  const choice = config.adapters;

  const mail =
    given.mail ??
    (choice.mail.adapter === 'smtp' && config.smtpUrl
      ? new SmtpMailAdapter(config.smtpUrl, config.mailFrom, (line) => app.log.info(line))
      : new SandboxMailAdapter(db, clock, (line) => app.log.info(line)));

  const rates =
    given.rates ??
    (choice.rates.adapter === 'cbr'
      ? new CbrRateProvider({
          db,
          clock,
          ...choice.rates.cbr,
          bounds: choice.rates.bounds,
          log: warn,
          onRefused: (reason, details) => monitor.refused('rates', reason, details),
        })
      : choice.rates.adapter === 'sandbox'
        ? sandbox?.rates
        : undefined);

  let tronSource = given.tronSource;
  if (!tronSource && config.tron.adapter === 'trongrid') {
    // docs/wallet.md "TRON deposit watcher": the production source; the sandbox chain (if on) is then not read.
    tronSource = new TronGridSource({ ...config.tron.trongrid, clock, minConfirmations: config.wallet.usdt.confirmations, log: warn });
    app.log.info({ apiUrl: config.tron.trongrid.apiUrl, depositAddress: config.wallet.usdt.depositAddress }, 'USDT deposits: TronGrid');
  } else if (!tronSource) {
    tronSource = sandbox?.chain;
    if (!sandbox) app.log.warn('TRON_ADAPTER=sandbox with SANDBOX off: no USDT deposit is ever seen (set TRON_ADAPTER=trongrid).');
  }

  const bot =
    given.bot ??
    (config.bot.adapter === 'telegram' && config.bot.token
      ? new TelegramBotAdapter({ apiUrl: config.bot.apiUrl, token: config.bot.token, timeoutMs: config.bot.timeoutMs })
      : config.bot.adapter === 'sandbox'
        ? sandbox?.bot
        : undefined);

  // USDT withdrawals (docs/transfers.md "Withdrawals"): TronGrid signs with the hot wallet's key from configuration.
  const w = config.withdrawals;
  let tronSender: TronSender | undefined = given.tronSender;
  if (!tronSender && w.tronSender === 'trongrid' && w.tronPrivateKey) {
    tronSender = new TronGridSender({
      apiUrl: config.tron.trongrid.apiUrl,
      apiKey: config.tron.trongrid.apiKey,
      privateKey: w.tronPrivateKey,
      contractAddress: config.tron.trongrid.contractAddress,
      feeLimitSun: w.tronFeeLimitSun,
      expirationMs: w.tronExpirationSeconds * 1000,
      timeoutMs: config.tron.trongrid.timeoutMs,
    });
    app.log.info({ hotWallet: tronSender.address }, 'USDT withdrawals: TronGrid');
  } else if (!tronSender && w.tronSender === 'sandbox') {
    tronSender = sandbox?.tronSender;
  }

  return {
    sandbox,
    adapters: {
      tronSender,
      sbpPayouts: given.sbpPayouts ?? (w.sbpPayouts === 'sandbox' ? sandbox?.sbpPayouts : undefined),
      mail,
      rates,
      bot,
      tronSource,
      sbpAcquirer: given.sbpAcquirer ?? (choice.sbpAcquirer.adapter === 'sandbox' ? sandbox?.acquirer : undefined),
      cardIssuer: given.cardIssuer ?? (choice.cardIssuer.adapter === 'sandbox' ? (sandbox?.cardIssuer ?? undefined) : undefined),
      kyc: given.kyc ?? (config.kyc.provider === 'sandbox' ? sandbox?.kyc : undefined),
    },
  };
};
