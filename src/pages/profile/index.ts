export { ProfilePage } from './ui/profile-page';
