/** MAIL_ADAPTER (docs/server.md "Mail"): SMTP, or the sandbox mailbox in the database. */
import * as z from 'zod/mini';
import { AdapterConfigError, choiceVar, parseSection, trimmedEnv, type AdapterChoice, type Env } from '../section';

export const MAIL_ADAPTERS = ['sandbox', 'smtp'] as const;
export type MailAdapterName = (typeof MAIL_ADAPTERS)[number];
export type MailConfig = AdapterChoice<MailAdapterName>;

const Schema = z.object({ MAIL_ADAPTER: choiceVar('MAIL_ADAPTER', MAIL_ADAPTERS) });

/** Default: smtp when SMTP_URL is set (as before MAIL_ADAPTER existed), else the sandbox mailbox. */
export const loadMailConfig = (env: Env): MailConfig => {
  const chosen = parseSection(Schema, trimmedEnv(env, ['MAIL_ADAPTER'])).MAIL_ADAPTER;
  const hasSmtp = Boolean(env.SMTP_URL?.trim());
  if (chosen === 'smtp' && !hasSmtp) throw new AdapterConfigError('MAIL_ADAPTER=smtp needs SMTP_URL (smtp://user:pass@host:587)');
  return { adapter: chosen ?? (hasSmtp ? 'smtp' : 'sandbox'), explicit: chosen !== undefined };
};

export const mailProductionProblems = (config: MailConfig): string[] =>
  config.adapter === 'smtp' ? [] : ['SMTP_URL is required (MAIL_ADAPTER=smtp): the sandbox mailbox would keep every sign-in code in the database, unsent'];
