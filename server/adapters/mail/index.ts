/** The mail integration: interface and SMTP (the sandbox mailbox: server/sandbox/mail.ts). */
export type { MailAdapter, MailMessage, MailKind } from './mail';
export { SmtpMailAdapter } from './smtp';
