import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { maskEmail, type MailAdapter, type MailKind, type MailMessage } from '../adapters/mail';

export interface SandboxMailboxMessage {
  id: number;
  to: string;
  kind: MailKind;
  subject: string;
  text: string;
  code: string | null;
  createdAt: string;
}

/**
 * Sandbox mail: nothing leaves the machine. Each message is logged (with its code) and stored in the
 * `sandbox_mailbox` table, which GET /api/dev/mailbox reads — so it works across server processes.
 */
export class SandboxMailAdapter implements MailAdapter {
  readonly name = 'sandbox';
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: (line: string) => void,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.db.query(
      `INSERT INTO sandbox_mailbox (to_email, kind, subject, body, code, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [message.to, message.kind, message.subject, message.text, message.code ?? null, this.clock.now()],
    );
    this.log(
      message.code
        ? `[sandbox-mail] code for ${maskEmail(message.to)}: ${message.code}`
        : `[sandbox-mail] ${message.kind} notice for ${maskEmail(message.to)} (no code)`,
    );
  }
}

interface MailboxRow extends Record<string, unknown> {
  id: number;
  to_email: string;
  kind: MailKind;
  subject: string;
  body: string;
  code: string | null;
  created_at: Date;
}

/** Latest messages for one address, newest first. */
export const readSandboxMailbox = async (db: Db, email: string, limit = 10): Promise<SandboxMailboxMessage[]> => {
  const rows = await db.query<MailboxRow>(
    `SELECT id, to_email, kind, subject, body, code, created_at FROM sandbox_mailbox
     WHERE to_email = $1 ORDER BY id DESC LIMIT $2`,
    [email, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    to: row.to_email,
    kind: row.kind,
    subject: row.subject,
    text: row.body,
    code: row.code,
    createdAt: row.created_at.toISOString(),
  }));
};
