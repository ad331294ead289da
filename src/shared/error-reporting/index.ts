/** Errors in the app reported to the server (lazy: import() it after the first screen). */
export { buildReport, createErrorReporter, MAX_REPORTS, startErrorReporting, type ErrorReporter } from './report';
