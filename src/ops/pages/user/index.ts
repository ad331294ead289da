export { UserPage } from './ui/user-page';
