export { UsersPage } from './ui/users-page';
