export { SignInForm } from './ui/sign-in-form';
