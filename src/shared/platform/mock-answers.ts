/**
 * The dev mock's answers to the calls the first screen does not make (links, popups, QR scanner, invoice, cloud storage,
 * contact, biometry requests, file download, location, write access, the home screen, prepared messages): a lazy chunk
 * of its own, fetched on the first such call
 * (mock.ts), so the dev mock path of the first screens stays small (docs/performance.md "Bundle budget").
 * State lives per installed mock (the page's lifetime).
 */
type Reply = (event: string, payload?: unknown) => void;

/** Biometry as the mock's "device" has it: shared with mock.ts, which answers `web_app_biometry_get_info` itself. */
export interface MockBiometry {
  access_requested: boolean;
  access_granted: boolean;
  token_saved: boolean;
  /** Telegram's biometric storage of this app (the page's lifetime): the app lock's unlock token. */
  token: string;
}

/** From mock.ts, passed in (an import back would make mock.ts a chunk of its own beside mock-setup). */
export interface MockIdentity {
  userId: number;
  fakeHex: (length: number, seed: number) => string;
  biometry: MockBiometry;
}

function openWindow(url: string): void {
  try {
    window.open(url, '_blank', 'noopener,noreferrer');
  } catch {
    // pop-ups blocked: nothing else to do in development
  }
}

/** What the native client does with a file download: fetch the URL (no app headers) and save it. */
function saveUrl(url: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** Cloud storage (6.9+), kept in memory for the page's lifetime. */
const cloudValues = new Map<string, string>();

/** Cloud storage custom methods; false for another method. */
function answerCloudStorage(params: Record<string, unknown>, reply: Reply): boolean {
  const reqId = String(params.req_id);
  const args = (params.params ?? {}) as Record<string, unknown>;
  const done = (result: unknown) => reply('custom_method_invoked', { req_id: reqId, result });
  switch (params.method) {
    case 'getStorageValues': {
      const keys = (args.keys ?? []) as string[];
      done(Object.fromEntries(keys.map((key) => [key, cloudValues.get(key) ?? ''])));
      return true;
    }
    case 'saveStorageValue':
      cloudValues.set(String(args.key), String(args.value));
      done(true);
      return true;
    case 'deleteStorageValues':
      ((args.keys ?? []) as string[]).forEach((key) => cloudValues.delete(key));
      done(true);
      return true;
    case 'getStorageKeys':
      done([...cloudValues.keys()]);
      return true;
    default:
      return false;
  }
}

const HOME_SCREEN_KEY = 'platform.mock-home-screen';

/** The answering function of one installed mock: `interactive` answers with confirm()/prompt(). */
export function createMockAnswers(interactive: boolean, reply: Reply, identity: MockIdentity): (method: string, params: Record<string, unknown>) => void {
  let phoneShared = false;
  const { biometry } = identity;
  const info = () => ({ available: true, type: 'face', device_id: 'mock-device', access_requested: biometry.access_requested, access_granted: biometry.access_granted, token_saved: biometry.token_saved });
  return (method, params) => {
    switch (method) {
      case 'web_app_open_link':
        if (interactive) openWindow(String(params.url));
        return;
      case 'web_app_open_tg_link':
        if (interactive) openWindow(`https://t.me${String(params.path_full)}`);
        return;
      case 'web_app_open_popup': {
        if (!interactive) return;
        const buttons = (params.buttons ?? []) as { id?: string; type?: string }[];
        const text = [params.title, params.message].filter(Boolean).join('\n\n');
        const confirmed = window.confirm(text);
        const negative = buttons.find((b) => b.type === 'cancel' || b.type === 'close' || b.type === 'destructive');
        const positive = buttons.find((b) => b !== negative) ?? buttons[0];
        return reply('popup_closed', { button_id: (confirmed ? positive : negative)?.id });
      }
      case 'web_app_open_scan_qr_popup': {
        if (!interactive) return;
        const data = window.prompt(`[Telegram mock] QR scanner: ${String(params.text ?? 'paste the QR text')}`);
        return data ? reply('qr_text_received', { data }) : reply('scan_qr_popup_closed');
      }
      case 'web_app_open_invoice': {
        if (!interactive) return;
        const paid = window.confirm(`[Telegram mock] Pay invoice ${String(params.slug)}?`);
        return reply('invoice_closed', { slug: params.slug, status: paid ? 'paid' : 'cancelled' });
      }
      case 'web_app_request_phone': {
        phoneShared = !interactive || window.confirm('[Telegram mock] Share your phone number?');
        return reply('phone_requested', { status: phoneShared ? 'sent' : 'cancelled' });
      }
      case 'web_app_invoke_custom_method':
        if (answerCloudStorage(params, reply)) return;
        return answerCustomMethod(params, phoneShared, reply, identity);
      case 'web_app_request_write_access': {
        const allowed = !interactive || window.confirm('[Telegram mock] Allow the bot to send you messages?');
        return reply('write_access_requested', { status: allowed ? 'allowed' : 'cancelled' });
      }
      case 'web_app_check_home_screen':
        return reply('home_screen_checked', { status: sessionStorage.getItem(HOME_SCREEN_KEY) === 'added' ? 'added' : 'missed' });
      case 'web_app_add_to_home_screen': {
        if (!interactive || window.confirm('[Telegram mock] Add the app to the home screen?')) {
          sessionStorage.setItem(HOME_SCREEN_KEY, 'added');
          return reply('home_screen_added', {});
        }
        return reply('home_screen_failed', { error: 'USER_DECLINED' });
      }
      case 'web_app_send_prepared_message': {
        const sent = !interactive || window.confirm(`[Telegram mock] Share the prepared message ${String(params.id)}?`);
        return sent ? reply('prepared_message_sent', {}) : reply('prepared_message_failed', { error: 'USER_DECLINED' });
      }
      case 'web_app_biometry_request_access':
        biometry.access_requested = true;
        biometry.access_granted = !interactive || window.confirm('[Telegram mock] Allow biometry?');
        return reply('biometry_info_received', info());
      case 'web_app_biometry_request_auth': {
        const authorized = !interactive || window.confirm(`[Telegram mock] Biometry: ${String((params.reason as string) || 'authenticate')}`);
        return reply('biometry_auth_requested', authorized ? { status: 'authorized', token: biometry.token } : { status: 'failed' });
      }
      case 'web_app_biometry_update_token': {
        biometry.token = typeof params.token === 'string' ? params.token : '';
        biometry.token_saved = biometry.token !== '';
        return reply('biometry_token_updated', { status: biometry.token ? 'updated' : 'removed' });
      }
      case 'web_app_request_file_download': {
        // Telegram 8.0+ asks the user, then downloads the URL itself; the mock "accepts" and saves it the same way.
        const accepted = !interactive || window.confirm(`[Telegram mock] Download ${String(params.file_name)}?`);
        reply('file_download_requested', { status: accepted ? 'downloading' : 'cancelled' });
        if (accepted) saveUrl(String(params.url), String(params.file_name));
        return;
      }
      case 'web_app_check_location':
        return reply('location_checked', { available: true, access_requested: true, access_granted: true });
      case 'web_app_request_location':
        return reply('location_requested', {
          available: true,
          latitude: 55.7558,
          longitude: 37.6173,
          altitude: null,
          course: null,
          speed: null,
          horizontal_accuracy: 10,
          vertical_accuracy: null,
          course_accuracy: null,
          speed_accuracy: null,
        });
      default:
        return;
    }
  };
}

/** The contact custom method (getRequestedContact). */
function answerCustomMethod(params: Record<string, unknown>, phoneShared: boolean, reply: Reply, { userId, fakeHex }: MockIdentity): void {
  const reqId = String(params.req_id);
  if (!phoneShared) return reply('custom_method_invoked', { req_id: reqId, error: 'NOT_FOUND' });
  const contact = JSON.stringify({ user_id: userId, phone_number: '79990000000', first_name: 'Dev', last_name: 'User' });
  const query = new URLSearchParams({
    contact,
    auth_date: String(Math.floor(Date.now() / 1000)),
    hash: fakeHex(64, 42),
  });
  reply('custom_method_invoked', { req_id: reqId, result: query.toString() });
}
