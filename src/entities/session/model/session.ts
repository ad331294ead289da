import { createEvent, createStore } from 'effector';

// Minimal session model; the client-transport work extends it (token storage, refresh, expiry).
export const signedIn = createEvent<{ accessToken: string; refreshToken: string }>();
export const signedOut = createEvent();
export const $isAuthenticated = createStore(false)
  .on(signedIn, () => true)
  .on(signedOut, () => false);
