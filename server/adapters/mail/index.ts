/** The mail integration: interface and SMTP (the sandbox mailbox: server/sandbox/mail.ts). */
export { maskEmail, type MailAdapter, type MailMessage, type MailKind } from './mail';
export { SmtpMailAdapter } from './smtp';
