/** Errors in the app reported to the server (lazy: import() it after the first screen). */
export { startErrorReporting } from './report';
