/**
 * Sessions that survive Telegram Desktop (issue #15): its webview loses localStorage on restart, so on 9.0+ the
 * refresh token is also kept in Telegram's SecureStorage (the device keychain), or in DeviceStorage where the
 * client has no secure storage, and the session is restored from there on boot when localStorage is empty.
 * localStorage stays the store the app reads (SPEC §3); this is a second copy of the refresh token only.
 *
 * - `selectDurableStore` picks the store: none before 9.0; SecureStorage when it answers; DeviceStorage when
 *   SecureStorage says it is unsupported on this device; none when neither works.
 * - Boot (model/durable-boot.ts) with no session in localStorage, before the first screen: `restoreDurableSessionFx`
 *   picks the store and, if it has a refresh token, rotates it on the server (`auth/refresh-token`) and signs in with
 *   the result. A refused token is removed.
 * - Boot with a session in localStorage, not waited for: `syncDurableSessionFx` picks the store and brings the copy up
 *   to date (issue #13: the first screen no longer waits for a keychain read it does not need).
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

/**
 * Boot with a session in localStorage (the usual start): there is nothing to restore, so the first screen does not
 * wait for this (model/durable-boot.ts). The store is chosen, then the copy is brought up to date with localStorage as
 * it is by then: written when it differs, cleared when the user signed out or the session expired meanwhile (their own
 * clear, below, found no store chosen yet). It never restores: a session ended on this device must not come back from
 * its copy. Never rejects.
 */
export const syncDurableSessionFx = createEffect(async (): Promise<'unavailable' | 'kept' | 'cleared'> => {
  const { kind, refreshToken } = await selectDurableStoreFx();
  if (kind === 'none') return 'unavailable';
  const local = await readLocalRefreshTokenFx();
  if (local !== refreshToken) await writeDurableTokenFx({ kind, refreshToken: local }).catch(() => undefined);
  return local ? 'kept' : 'cleared';
});

/** Boot (model/durable-boot.ts): with a session in localStorage the copy is synced, without one it is restored. */
export const durableSessionBootFx = createEffect((signedInHere: boolean): Promise<unknown> =>
  signedInHere ? syncDurableSessionFx() : restoreDurableSessionFx(),
);

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
