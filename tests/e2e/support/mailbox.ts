/**
 * Reads the latest 6-digit code the sandbox mail adapter sent to `email`, via
 * `GET /api/dev/mailbox?email=...` (only on a server running with SANDBOX, with its SANDBOX_TOKEN in X-Sandbox-Token; answers
 * `{ data: { messages: [{ id, to, kind, subject, text, code, createdAt }] } }`, newest first).
 * Tolerant of the exact shape: it takes the newest message (optionally of one `kind`, or sent after
 * `after`) and reads its `code`, else a 6-digit number in its subject/text/html. Polls until a code
 * shows up or `timeoutMs` passes.
 *
 *   const code = await readMailboxCode(baseUrl, 'ann@example.com');
 */
import { SANDBOX_TEST_TOKEN } from '../../../scripts/load/server-process';

/** The mailbox answers only with the server's SANDBOX_TOKEN (support/server.ts starts servers with this one). */
export const sandboxTokenHeaders = { 'x-sandbox-token': SANDBOX_TEST_TOKEN };

export async function readMailboxCode(
  baseUrl: string,
  email: string,
  { timeoutMs = 10_000, after, kind }: { timeoutMs?: number; after?: string | Date; kind?: string } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    const response = await fetch(`${baseUrl}/api/dev/mailbox?email=${encodeURIComponent(email)}`, { headers: sandboxTokenHeaders });
    last = `${response.status} ${await response.text()}`;
    if (response.ok) {
      const code = findCode(JSON.parse(last.slice(last.indexOf(' ') + 1)), after === undefined ? undefined : new Date(after).getTime(), kind);
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no code in the sandbox mailbox of ${email}; last answer: ${last.slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

type Message = Record<string, unknown>;

function findCode(body: unknown, after?: number, kind?: string): string | undefined {
  const messages = listMessages(body);
  const newestFirst = [...messages].sort((a, b) => time(b) - time(a));
  for (const message of newestFirst) {
    if (after !== undefined && time(message) && time(message) <= after) continue;
    if (kind !== undefined && message.kind !== kind) continue;
    if (typeof message.code === 'string' && /^\d{6}$/.test(message.code)) return message.code;
    const text = ['subject', 'text', 'body', 'html'].map((k) => message[k]).filter((v) => typeof v === 'string').join('\n');
    const match = /\b(\d{6})\b/.exec(text);
    if (match) return match[1];
  }
  return undefined;
}

function listMessages(body: unknown): Message[] {
  const data = body && typeof body === 'object' && 'data' in body ? (body as { data: unknown }).data : body;
  if (Array.isArray(data)) return data as Message[];
  if (data && typeof data === 'object') {
    for (const key of ['messages', 'items', 'mail']) {
      const list = (data as Record<string, unknown>)[key];
      if (Array.isArray(list)) return list as Message[];
    }
    return [data as Message];
  }
  return [];
}

function time(message: Message): number {
  const value = message.sentAt ?? message.createdAt ?? message.date ?? message.at;
  return typeof value === 'string' ? Date.parse(value) || 0 : typeof value === 'number' ? value : 0;
}
