export { CodeInput } from './code-input';
