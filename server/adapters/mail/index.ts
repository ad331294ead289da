import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import type { MailAdapter } from './mail';
import { SandboxMailAdapter } from './sandbox';
import { SmtpMailAdapter } from './smtp';

export type { MailAdapter, MailMessage, MailKind } from './mail';

export interface MailAdapterOptions {
  smtpUrl: string | undefined;
  /** Sender address for SMTP mail. */
  mailFrom?: string;
  db: Db;
  clock: Clock;
  log: (line: string) => void;
}

/** Picks the mail transport: SMTP when SMTP_URL is set, otherwise the sandbox mailbox (docs/server.md). */
export const createMailAdapter = ({ smtpUrl, mailFrom, db, clock, log }: MailAdapterOptions): MailAdapter =>
  smtpUrl
    ? new SmtpMailAdapter(smtpUrl, mailFrom ?? 'Tonic Wallet <no-reply@localhost>', log)
    : new SandboxMailAdapter(db, clock, log);
