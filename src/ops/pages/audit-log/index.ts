export { AuditLogPage } from './ui/audit-log-page';
