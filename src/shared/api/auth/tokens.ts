/**
 * Token storage (SPEC §3): the access and refresh tokens live in localStorage under two product-specific
 * keys, and nothing else secret goes there. localStorage is the single source of truth: the transport
 * reads it on every call, so every tab and every effector scope sees the latest tokens.
 *
 * Never log token values and never put them into URLs.
 */
const ACCESS_TOKEN_KEY = 'tgwallet.accessToken';
const REFRESH_TOKEN_KEY = 'tgwallet.refreshToken';

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Access to localStorage can throw (disabled storage, sandboxed iframes).
    return null;
  }
}

function readKey(key: string): string | null {
  try {
    return storage()?.getItem(key) || null;
  } catch {
    return null;
  }
}

export const tokenStorage = {
  getAccessToken: (): string | null => readKey(ACCESS_TOKEN_KEY),
  getRefreshToken: (): string | null => readKey(REFRESH_TOKEN_KEY),

  /** Both tokens, or null when either is missing. */
  read(): SessionTokens | null {
    const accessToken = readKey(ACCESS_TOKEN_KEY);
    const refreshToken = readKey(REFRESH_TOKEN_KEY);
    return accessToken && refreshToken ? { accessToken, refreshToken } : null;
  },

  save(tokens: SessionTokens): void {
    try {
      storage()?.setItem(ACCESS_TOKEN_KEY, tokens.accessToken);
      storage()?.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
    } catch {
      // Storage full or disabled: the session lasts for this page only.
    }
  },

  /** Removes both tokens. Returns true when at least one was there (a session existed). */
  clear(): boolean {
    const hadTokens = readKey(ACCESS_TOKEN_KEY) !== null || readKey(REFRESH_TOKEN_KEY) !== null;
    try {
      storage()?.removeItem(ACCESS_TOKEN_KEY);
      storage()?.removeItem(REFRESH_TOKEN_KEY);
    } catch {
      // Nothing to clear.
    }
    return hadTokens;
  },

  /** True for a `storage` event key that concerns the tokens (null means localStorage.clear()). */
  isTokenKey: (key: string | null): boolean => key === null || key === ACCESS_TOKEN_KEY || key === REFRESH_TOKEN_KEY,
};
