export { routePaths, HOME_PATH, SIGN_IN_PATH } from './routes';
export { appConfig } from './env';
export { toastConfig } from './toast';
export { WALLET_FIRST_PAINT_GETS } from './early-data';
