export {
  $operator,
  $sessionState,
  operatorSession,
  restoreSessionFx,
  sessionStarted,
  signOutFx,
} from './model/session';
export { useCan } from './model/roles';
export { hasRole } from './lib/roles';
export { RoleBadges } from './ui/role-badges';
