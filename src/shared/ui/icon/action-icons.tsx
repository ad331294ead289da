/** Action icons: copy, refresh, swap, payment methods, statuses (a module of its own, so screens without them don't load them). */
import { make, makeCircled } from './make-icon';

export const IconCopy = make(
  <>
    <rect x="8.5" y="8.5" width="11.5" height="11.5" rx="2.5" />
    <path d="M15.5 8.5V6.5A2.5 2.5 0 0 0 13 4H6.5A2.5 2.5 0 0 0 4 6.5V13a2.5 2.5 0 0 0 2.5 2.5h2" />
  </>,
  'IconCopy',
);
export const IconRefresh = make(
  <>
    <path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3" />
    <path d="M19.5 4.5v4h-4" />
  </>,
  'IconRefresh',
);
/** Two opposite arrows: exchange, swap direction. */
export const IconSwap = make(<path d="M5 8.5h13.5M15 5l3.5 3.5L15 12M19 15.5H5.5M9 12l-3.5 3.5L9 19" />, 'IconSwap');
/** Vertical swap (from/to fields stacked). */
export const IconSwapVertical = make(<path d="M8.5 19V5.5M5 9l3.5-3.5L12 9M15.5 5v13.5M12 15l3.5 3.5L19 15" />, 'IconSwapVertical');
/** Lightning: fast payments (SBP). */
export const IconBolt = make(<path d="M13.5 2.5 5 13.5h6.5l-1 8L19 10.5h-6.5z" />, 'IconBolt');
/** A coin with "₮" (USDT). */
export const IconTether = makeCircled('M8 8.5h8M12 8.5V17M8.2 11.6c1.1.6 2.4.9 3.8.9s2.7-.3 3.8-.9', 'IconTether');
export const IconCheckCircle = makeCircled('m8 12.5 2.7 2.7L16.2 9.5', 'IconCheckCircle');
export const IconCrossCircle = makeCircled('m9 9 6 6M15 9l-6 6', 'IconCrossCircle');
export const IconClock = makeCircled('M12 7.5V12l3 2', 'IconClock');

/** An arrow leaving up and right: send money to someone. */
export const IconSend = make(<path d="M6 18 18 6M9 6h9v9" />, 'IconSend');
/** An arrow coming down and left: request money. */
export const IconRequest = make(<path d="M18 6 6 18M15 18H6V9" />, 'IconRequest');
/** An arrow out of a tray: money out of the wallet. */
export const IconWithdraw = make(<path d="M12 15V3.5M7.5 8 12 3.5 16.5 8M4.5 13.5v5a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2v-5" />, 'IconWithdraw');
