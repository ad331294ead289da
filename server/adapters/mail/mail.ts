/** Outgoing email. Implementations: sandbox (DB mailbox + log) and SMTP (nodemailer). */
export type MailKind =
  | 'signup-code'
  | 'signin-code'
  | 'signup-existing-account'
  | 'signin-unknown-account'
  | 'email-change-code'
  | 'email-changed'
  | 'ops-signin-code'
  | 'withdrawal-code';

export interface MailMessage {
  to: string;
  kind: MailKind;
  subject: string;
  text: string;
  /** The verification code the message carries, if any (the sandbox mailbox exposes it). */
  code?: string;
}

export interface MailAdapter {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

/** `someone@example.com` → `s***@example.com` for logs. */
export const maskEmail = (email: string): string => {
  const at = email.indexOf('@');
  return at <= 0 ? '***' : `${email[0]}***${email.slice(at)}`;
};
