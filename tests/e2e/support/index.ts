export { test, type AppHandle } from './fixtures';
export { saveScreenshot } from './artifacts';
export { readMailboxCode, sandboxTokenHeaders } from './mailbox';
export { ROOT, DIST_DIR } from './server';
export { api, uniqueEmail, signInViaApi, signUpViaApi, setVerification, fundUsdt, issueCardViaApi, openSignedIn, visible, hidden, type ApiUser } from './api';
export { fillDeliveryAddress, E2E_ADDRESS } from './delivery';
export { axeViolations, formatViolations } from './axe';
export { checkedTour, type TourLang } from './screen-tour';
export { PHONE_VIEWPORT } from './browser';
