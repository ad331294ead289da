export { ErrorState } from './error-state';
