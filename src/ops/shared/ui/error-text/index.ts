export { ErrorText } from './error-text';
