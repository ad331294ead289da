export { UserPicture } from './ui/user-picture';
export { userShown } from './model/user-picture';
