export { Section } from './section';
