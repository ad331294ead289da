export { SignUpPage } from './ui/sign-up-page';
