import { createContext } from 'react';

/**
 * "Hide balances": while true, every amount formatted through useFormatters().money (and so the Amount component)
 * shows masked digits. Provided by the app from the hide-balances feature's model (docs/frontend.md "Hide balances").
 * A module of its own: the provider is in the entry, the formatters (format.ts, Intl) load with the screens.
 */
export const AmountsHiddenContext = createContext(false);
