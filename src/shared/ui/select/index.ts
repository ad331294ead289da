export { Select } from './select';
