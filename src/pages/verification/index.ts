export { VerificationPage } from './ui/verification-page';
