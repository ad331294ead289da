/**
 * Native QR scanner (6.4+). Resolves with the first code that passes `validate`, closes the
 * scanner, and ALWAYS settles: before 7.7 Telegram does not report a dismissed scanner, so after
 * `timeoutMs` the scanner is closed and 'timeout' returned, leaving it free for the next try.
 */
import { qrScanner } from '@telegram-apps/sdk-react';
import { fail, ok, toBridgeError, type BridgeResult } from '../bridge-result';
import { preflight } from './preflight';

export interface ScanQrCodeOptions {
  /** Hint shown in the scanner (e.g. "Scan a TRC20 address"). */
  text?: string;
  /** Give up (and close the scanner) after this long. Default 60 s. */
  timeoutMs?: number;
  /** Return true for the code to accept; other codes keep the scanner open. */
  validate?: (code: string) => boolean;
}

function closeScanner(): void {
  try {
    qrScanner.close.ifAvailable();
  } catch {
    // already closed
  }
}

export async function scanQrCode(options: ScanQrCodeOptions = {}): Promise<BridgeResult<string>> {
  const { text, timeoutMs = 60_000, validate } = options;
  const blocked = preflight(qrScanner.open);
  if (blocked) return blocked;
  if (qrScanner.isOpened()) return fail('concurrent');

  return new Promise<BridgeResult<string>>((resolve) => {
    let settled = false;
    const finish = (result: BridgeResult<string>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const timer = setTimeout(() => {
      finish(fail('timeout'));
      closeScanner();
    }, timeoutMs);

    const capture = (code: string): boolean => {
      try {
        return validate ? validate(code) : true;
      } catch {
        return false;
      }
    };

    try {
      qrScanner
        .open({ ...(text === undefined ? {} : { text }), capture })
        .then(
          (code) => finish(code === undefined ? fail('cancelled') : ok(code)),
          (error: unknown) => finish({ ok: false, error: toBridgeError(error) }),
        );
    } catch (error) {
      finish({ ok: false, error: toBridgeError(error) });
    }
  });
}
