export { ChangeEmail } from './ui/change-email';
