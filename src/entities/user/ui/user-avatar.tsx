import type { UserProfile } from '@/shared/contract';
import { userInitials } from '../lib/initials';
import styles from './user-avatar.module.css';

export interface UserAvatarProps {
  user: Pick<UserProfile, 'firstName' | 'lastName' | 'name' | 'telegram'>;
  size?: number;
}

/** The Telegram photo of a linked account, else the initials. Decorative: put the name next to it. */
export function UserAvatar({ user, size = 40 }: UserAvatarProps) {
  const photo = user.telegram?.photoUrl;
  return (
    <span className={styles.avatar} style={{ width: size, height: size, fontSize: size * 0.4 }} aria-hidden>
      {photo ? <img className={styles.photo} src={photo} alt="" width={size} height={size} /> : userInitials(user.firstName, user.lastName)}
    </span>
  );
}
