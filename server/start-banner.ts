/**
 * What `npm start` prints once the server listens (issue #35 "Trying it"): where it runs, where sign-in codes go
 * (the sandbox mailbox and how to read it, or SMTP), and with the sandbox on its token — random per run unless
 * SANDBOX_TOKEN is set, so without this line nobody could read the mailbox. Printed to the terminal that started the
 * server (console), never to the structured log; the sandbox never runs in production (config refuses it).
 */
import type { Config } from './config';

export const startBanner = (
  url: string,
  config: Pick<Config, 'sandbox' | 'sandboxToken' | 'smtpUrl'>,
  env: Record<string, string | undefined> = process.env,
): string[] => {
  const lines = [`App running at ${url}`];
  if (config.sandbox) {
    lines.push(
      'Sandbox on: no real mail, money or cards. Sign-in codes go to the sandbox mailbox:',
      `  the sandbox panel ${url}/api/dev/panel (mailbox, bot outbox, TRON, SBP, withdrawals, issuer, code limit), or`,
      `  curl -H 'X-Sandbox-Token: ${config.sandboxToken}' '${url}/api/dev/mailbox?email=you@example.com'`,
      `Sandbox token (X-Sandbox-Token): ${config.sandboxToken}${env.SANDBOX_TOKEN ? '' : ' (random for this run; set SANDBOX_TOKEN to keep one)'}`,
    );
  } else {
    lines.push(`Sign-in codes are sent by email through SMTP (${config.smtpUrl ? new URL(config.smtpUrl).host : 'SMTP_URL'}).`);
  }
  return lines;
};
