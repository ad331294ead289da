import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import type { MailAdapter } from './mail';
import { SandboxMailAdapter } from './sandbox';

export type { MailAdapter, MailMessage, MailKind } from './mail';

export interface MailAdapterOptions {
  smtpUrl: string | undefined;
  db: Db;
  clock: Clock;
  log: (line: string) => void;
}

/**
 * Picks the mail transport. SMTP delivery is NOT implemented yet: setting SMTP_URL fails the start
 * instead of silently dropping codes (see docs/server.md).
 */
export const createMailAdapter = ({ smtpUrl, db, clock, log }: MailAdapterOptions): MailAdapter => {
  if (smtpUrl) {
    throw new Error(
      'SMTP_URL is set, but SMTP delivery is not implemented yet. Unset SMTP_URL to use the sandbox mailbox (GET /api/dev/mailbox).',
    );
  }
  return new SandboxMailAdapter(db, clock, log);
};
