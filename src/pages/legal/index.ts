export { PrivacyPage, TermsPage } from './ui/legal-page';
