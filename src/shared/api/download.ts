/**
 * Downloads a file the API made a single-use link for (statements, receipts: docs/api.md "Statement download links"):
 * the absolute URL on the API origin (VITE_API_BASE_URL may be another origin; Telegram needs an absolute URL), then
 * Telegram's own download inside Telegram 8.0+ or a browser blob elsewhere. Throws the bridge's message key on failure.
 */
import { downloadFile, type DownloadRoute } from '@/shared/platform';
import { getApiConfig } from './config';

export async function downloadApiFile(link: { path: string; fileName: string }): Promise<DownloadRoute> {
  const url = new URL(link.path, getApiConfig().baseUrl || window.location.origin).toString();
  const result = await downloadFile(url, link.fileName);
  if (!result.ok) throw new Error(result.error.messageKey);
  return result.value;
}
