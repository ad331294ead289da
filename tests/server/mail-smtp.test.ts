import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { SmtpMailAdapter } from '../../server/adapters/mail/smtp';

// A real SMTP server on loopback receives what the adapter sends.
const received: { from: string; to: string[]; body: string }[] = [];
let server: SMTPServer;
let port = 0;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          body,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test('SMTP adapter delivers the message and logs only the masked address', async () => {
  const lines: string[] = [];
  const mail = new SmtpMailAdapter(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'Tonic Wallet <no-reply@tonic.test>', (l) => lines.push(l));
  await mail.send({ to: 'ann@example.com', kind: 'signin-code', subject: 'Your code', text: 'Your code is 123456', code: '123456' });
  expect(received).toHaveLength(1);
  expect(received[0]!.from).toBe('no-reply@tonic.test');
  expect(received[0]!.to).toEqual(['ann@example.com']);
  expect(received[0]!.body).toContain('Your code is 123456');
  expect(lines).toEqual(['[smtp-mail] signin-code sent to a***@example.com']);
  expect(lines.join('\n')).not.toContain('123456');
});
