export { EndSessionsButton, EndSessionsDialog } from './ui/end-sessions';
export { endSessions } from './model/end-sessions';
