import nodemailer, { type Transporter } from 'nodemailer';
import { maskEmail, type MailAdapter, type MailMessage } from './mail';

/**
 * Real email delivery through an SMTP server (`SMTP_URL`, e.g. `smtps://user:pass@smtp.example.com:465`).
 * The code travels only in the message body; the log line names the masked address and the kind.
 */
export class SmtpMailAdapter implements MailAdapter {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
    private readonly log: (line: string) => void,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
    this.log(`[smtp-mail] ${message.kind} sent to ${maskEmail(message.to)}`);
  }
}
