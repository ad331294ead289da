import { version } from '../../../../package.json';

/** The app version shown at the bottom of Settings (package.json; only this field is bundled). */
export const APP_VERSION: string = version;
