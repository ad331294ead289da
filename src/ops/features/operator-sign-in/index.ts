export { SignInForm } from './ui/sign-in-form';
export { $step as $signInStep, restarted as signInRestarted } from './model/sign-in';
