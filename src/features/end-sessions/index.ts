export { SessionsSection } from './ui/sessions-section';
