export { CheckboxGroup } from './checkbox-group';
