/**
 * File downloads (statements). Inside Telegram 8.0+ the client downloads `url` itself (`web_app_request_file_download`,
 * the user confirms in Telegram's own sheet); the URL must work without our headers, hence the single-use signed
 * statement links (docs/api.md "Statement download links"). Elsewhere — a browser, or Telegram older than 8.0 —
 * the file is fetched and saved as a blob through an `<a download>`.
 */
import { downloadFile as sdkDownloadFile } from '@telegram-apps/sdk-react';
import { fail, ok, settle, type BridgeResult } from '../bridge-result';
import { runtime } from '../state';

export type DownloadRoute = 'telegram' | 'browser';

/** True when Telegram's own file download can be used (8.0+ inside Telegram or the 8.0 mock). */
function canDownloadInTelegram(): boolean {
  return runtime.initialized && sdkDownloadFile.isAvailable();
}

async function saveAsBlob(url: string, fileName: string): Promise<BridgeResult<DownloadRoute>> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'omit', cache: 'no-store' });
  } catch {
    return fail('failed', 'platform:errors.downloadFailed');
  }
  if (!response.ok) return fail('failed', 'platform:errors.downloadFailed', `HTTP ${response.status}`);
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = objectUrl;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // Let the browser start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  return ok('browser');
}

/** Downloads `url` (absolute, https in production) as `fileName`; resolves with the route taken. */
export async function downloadFile(url: string, fileName: string): Promise<BridgeResult<DownloadRoute>> {
  if (!canDownloadInTelegram()) return saveAsBlob(url, fileName);
  const result = await settle(() => sdkDownloadFile(url, fileName));
  return result.ok ? ok('telegram') : result;
}
