export { $isAuthenticated, signedIn, signedOut } from './model/session';
