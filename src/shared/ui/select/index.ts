export { Select, type SelectProps, type SelectOption } from './select';
