/**
 * Sessions that survive Telegram Desktop (issue #15): its webview loses localStorage on restart, so on 9.0+ the
 * refresh token is also kept in Telegram's SecureStorage (the device keychain), or in DeviceStorage where the
 * client has no secure storage, and the session is restored from there on boot when localStorage is empty.
 * localStorage stays the store the app reads (SPEC §3); this is a second copy of the refresh token only.
 *
 * - `selectDurableStore` picks the store: none before 9.0; SecureStorage when it answers; DeviceStorage when
 *   SecureStorage says it is unsupported on this device; none when neither works.
 * - `restoreDurableSessionFx` (boot, before the first screen): picks the store; if localStorage has no tokens and
 *   the store has a refresh token, rotates it on the server (`auth/refresh-token`) and signs in with the result;
 *   if localStorage has tokens the copy is brought up to date. A refused token is removed.
 * - Every sign-in and every rotation by the transport writes the new refresh token; sign-out and expiry clear it.
 */
import { createEffect, createEvent, createStore, sample } from 'effector';
import { tokenStorage, tokensRefreshed, type SessionTokens } from '@/shared/api';
import { deviceStorage, isDeviceStoreSupported, secureStorage, type DeviceStore } from '@/shared/platform';
import { authExpired, signedIn, signedOut } from './session';

/** The key of the refresh token in SecureStorage / DeviceStorage. */
export const DURABLE_REFRESH_TOKEN_KEY = 'tgwallet_refreshToken';

export type DurableStoreKind = 'secure' | 'device' | 'none';

export interface DurableStoreCandidates {
  secure: DeviceStore;
  device: DeviceStore;
  isSupported: (kind: 'secure' | 'device') => boolean;
}

/** Chooses the store and reads the refresh token kept there (null when none). */
export async function selectDurableStore(
  candidates: DurableStoreCandidates,
): Promise<{ kind: DurableStoreKind; refreshToken: string | null }> {
  if (candidates.isSupported('secure')) {
    const secure = await candidates.secure.getItem(DURABLE_REFRESH_TOKEN_KEY);
    if (secure.ok) return { kind: 'secure', refreshToken: secure.value || null };
    if (secure.error.kind !== 'unsupported') return { kind: 'none', refreshToken: null };
  }
  if (candidates.isSupported('device')) {
    const device = await candidates.device.getItem(DURABLE_REFRESH_TOKEN_KEY);
    if (device.ok) return { kind: 'device', refreshToken: device.value || null };
  }
  return { kind: 'none', refreshToken: null };
}

const platformCandidates: DurableStoreCandidates = {
  secure: secureStorage,
  device: deviceStorage,
  isSupported: isDeviceStoreSupported,
};

export type DurableRestoreOutcome = 'unavailable' | 'kept' | 'restored' | 'refused' | 'none';

/** Which store holds the refresh token copy on this device ('none' before 9.0 and until boot picked one). */
export const $durableStore = createStore<DurableStoreKind>('none', { serialize: 'ignore' });

export const selectDurableStoreFx = createEffect(() => selectDurableStore(platformCandidates));
/** The refresh token in localStorage (the transport's store). */
export const readLocalRefreshTokenFx = createEffect(() => tokenStorage.getRefreshToken());
/** Rotates a refresh token on the server (lazy: the contract and transport stay out of the first screen). */
export const refreshWithTokenFx = createEffect(async (refreshToken: string): Promise<SessionTokens> => {
  const { refreshWithToken } = await import('../api/refresh-with-token');
  return refreshWithToken(refreshToken);
});
export const writeDurableTokenFx = createEffect(
  async ({ kind, refreshToken }: { kind: DurableStoreKind; refreshToken: string | null }) => {
    if (kind === 'none') return;
    await (kind === 'secure' ? secureStorage : deviceStorage).setItem(DURABLE_REFRESH_TOKEN_KEY, refreshToken);
  },
);

/** Boot: choose the store and restore the session from it when localStorage lost it. Never rejects. */
export const restoreDurableSessionFx = createEffect(async (): Promise<DurableRestoreOutcome> => {
  const { kind, refreshToken } = await selectDurableStoreFx();
  if (kind === 'none') return 'unavailable';
  const local = await readLocalRefreshTokenFx();
  if (local) {
    if (local !== refreshToken) await writeDurableTokenFx({ kind, refreshToken: local });
    return 'kept';
  }
  if (!refreshToken) return 'none';
  try {
    await refreshWithTokenFx(refreshToken);
    return 'restored';
  } catch {
    await writeDurableTokenFx({ kind, refreshToken: null }).catch(() => undefined);
    return 'refused';
  }
});

$durableStore.on(selectDurableStoreFx.doneData, (_, { kind }) => kind);

// The rotated tokens sign the user in (localStorage gets both; the copy gets the new refresh token below).
sample({ clock: refreshWithTokenFx.doneData, target: signedIn });

// Keep the copy current: sign-in, and every rotation by the transport (its new token is in localStorage).
const tokenRotated = createEvent<string | null>();
sample({ clock: signedIn, fn: (tokens) => tokens.refreshToken, target: tokenRotated });
const readRotatedTokenFx = createEffect(() => tokenStorage.getRefreshToken());
sample({ clock: tokensRefreshed, target: readRotatedTokenFx });
sample({ clock: readRotatedTokenFx.doneData, target: tokenRotated });
sample({
  clock: tokenRotated,
  source: $durableStore,
  filter: (kind, refreshToken) => kind !== 'none' && refreshToken !== null,
  fn: (kind, refreshToken) => ({ kind, refreshToken }),
  target: writeDurableTokenFx,
});

// Sign-out and expiry forget it.
sample({
  clock: [signedOut, authExpired],
  source: $durableStore,
  filter: (kind) => kind !== 'none',
  fn: (kind) => ({ kind, refreshToken: null }),
  target: writeDurableTokenFx,
});
