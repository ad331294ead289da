/**
 * The profile screen's path. SPEC §2 implies a profile screen without giving its path; it is /profile
 * (docs/notifications.md "Referral & settings (client)"). Move to `routePaths.profile` in @/shared/config when it is added there.
 */
export const PROFILE_PATH = '/profile';
