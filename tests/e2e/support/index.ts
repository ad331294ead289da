export { test, withApp, type AppHandle, type AppOptions } from './fixtures';
export { saveScreenshot, screenshotOnFailure, ARTIFACTS_DIR } from './artifacts';
export { readMailboxCode, sandboxTokenHeaders } from './mailbox';
export { launchChromium, newPhoneContext, watchPage, CHROMIUM_ARGS, CHROMIUM_PATH, PHONE_VIEWPORT } from './browser';
export { startTestServer, ROOT, DIST_DIR } from './server';
export { api, uniqueEmail, signInViaApi, signUpViaApi, signedInStorage, setVerification, fundUsdt, issueCardViaApi, openSignedIn, visible, hidden, type ApiUser } from './api';
export { fillDeliveryAddress, E2E_ADDRESS, type TestAddress } from './delivery';
export { axeViolations, formatViolations, AXE_TAGS, FAILING_IMPACTS, type AxeViolation, type AxeOptions } from './axe';
export { screenTour, checkedTour, type ScreenTourOptions, type CheckedTourOptions, type TourLang, type TourUser } from './screen-tour';
