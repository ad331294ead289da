export { Details } from './details';
