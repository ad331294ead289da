/** Navigation and state icons (the SVG wrapper: ./make-icon). */
import { make, makeCircled } from './make-icon';

export const IconWallet = make(
  <>
    <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18a2 2 0 0 1 2 2v1" />
    <rect x="4" y="7.5" width="16" height="11.5" rx="2.5" />
    <path d="M16 13.25h1.5" />
  </>,
  'IconWallet',
);
export const IconCard = make(
  <>
    <rect x="3" y="5.5" width="18" height="13" rx="2.5" />
    <path d="M3 10h18M7 14.5h3" />
  </>,
  'IconCard',
);
export const IconSettings = make(
  <>
    <circle cx="12" cy="12" r="3" />
    <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
  </>,
  'IconSettings',
);
export const IconArrowLeft = make(<path d="M15 5l-7 7 7 7" />, 'IconArrowLeft');
export const IconChevronRight = make(<path d="M9 6l6 6-6 6" />, 'IconChevronRight');
export const IconTopUp = makeCircled('M12 16V8M8.5 11.5 12 8l3.5 3.5', 'IconTopUp');
export const IconGift = make(
  <>
    <rect x="3.5" y="8" width="17" height="4" rx="1" />
    <path d="M5 12v7a1.5 1.5 0 0 0 1.5 1.5h11A1.5 1.5 0 0 0 19 19v-7M12 8v12.5" />
    <path d="M12 8S10.5 3.5 8 4.2C6 4.8 7 8 12 8zM12 8s1.5-4.5 4-3.8c2 .6 1 3.8-4 3.8z" />
  </>,
  'IconGift',
);
export const IconAlert = makeCircled('M12 7.5v5.5M12 16.5v.01', 'IconAlert');
export const IconInbox = make(
  <>
    <path d="M4 13.5 6.5 5.5h11l2.5 8V18a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18z" />
    <path d="M4 13.5h4.5a3.5 3.5 0 0 0 7 0H20" />
  </>,
  'IconInbox',
);
