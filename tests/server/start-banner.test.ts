/** What `npm start` prints (issue #35 "Trying it"): where sign-in codes go, and the sandbox token. */
import { describe, expect, it } from 'vitest';
import { startBanner } from '../../server/start-banner';

describe('startBanner', () => {
  it('sandbox on: the mailbox, how to read it with the token, and that the token is random for this run', () => {
    const lines = startBanner('http://localhost:3000', { sandbox: true, sandboxToken: 'tok_123456789abcdef', smtpUrl: undefined }, {});
    expect(lines[0]).toBe('App running at http://localhost:3000');
    expect(lines.join('\n')).toContain('the sandbox panel http://localhost:3000/api/dev/panel');
    expect(lines.join('\n')).toContain("curl -H 'X-Sandbox-Token: tok_123456789abcdef' 'http://localhost:3000/api/dev/mailbox?email=you@example.com'");
    expect(lines.at(-1)).toBe('Sandbox token (X-Sandbox-Token): tok_123456789abcdef (random for this run; set SANDBOX_TOKEN to keep one)');
    expect(startBanner('http://x', { sandbox: true, sandboxToken: 'fixed-token-0123456', smtpUrl: undefined }, { SANDBOX_TOKEN: 'fixed-token-0123456' }).at(-1)).toBe(
      'Sandbox token (X-Sandbox-Token): fixed-token-0123456',
    );
  });

  it("sandbox off: codes go by SMTP, its host only (the URL's password never printed); no token", () => {
    const lines = startBanner('http://localhost:3000', { sandbox: false, sandboxToken: '', smtpUrl: 'smtps://user:secret@smtp.example.com:465' }, {});
    expect(lines).toEqual(['App running at http://localhost:3000', 'Sign-in codes are sent by email through SMTP (smtp.example.com:465).']);
    expect(lines.join('\n')).not.toContain('secret');
  });
});
