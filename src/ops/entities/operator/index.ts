export {
  $operator,
  $sessionState,
  operatorSession,
  restoreSessionFx,
  sessionEnded,
  sessionStarted,
  signOutFx,
  type SessionState,
} from './model/session';
export { useCan } from './model/roles';
export { hasRole } from './lib/roles';
export { RoleBadges } from './ui/role-badges';
