export { Switch } from './switch';
