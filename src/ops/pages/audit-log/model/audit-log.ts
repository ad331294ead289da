/** The audit log (docs/ops.md "Audit log"): search by operator, user, action (or a prefix like `kyc.`) and period. */
import { createEvent, createStore, sample } from 'effector';
import { opsAuditSearch } from '@/shared/contract/ops';
import { createPageLifecycle } from '@/shared/lib';
import { createPagedList } from '@/ops/shared/api';

export const auditPage = createPageLifecycle<{ userId: string | null }>('opsAuditPage');
export const auditList = createPagedList(opsAuditSearch, 'ops.audit.search', 'ops-admin:audit.loadFailed');

export interface AuditFilters {
  operatorId: string;
  userId: string;
  action: string;
  from: string;
  to: string;
}
const EMPTY: AuditFilters = { operatorId: '', userId: '', action: '', from: '', to: '' };

export const filterChanged = createEvent<Partial<AuditFilters>>();
export const searched = createEvent();
export const $filters = createStore<AuditFilters>(EMPTY)
  .on(filterChanged, (filters, change) => ({ ...filters, ...change }))
  .on(auditPage.opened, (filters, { userId }) => (userId ? { ...EMPTY, userId } : filters));

/** A date input's day → the start of that day (UTC), or of the next one for `to` (the period includes the day). */
const dayStart = (day: string, next = false): string | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00.000Z`);
  if (next) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
};

const toQuery = (filters: AuditFilters) => {
  const trimmed = (value: string) => value.trim() || undefined;
  return {
    operatorId: trimmed(filters.operatorId),
    userId: trimmed(filters.userId),
    action: trimmed(filters.action),
    from: dayStart(filters.from),
    to: dayStart(filters.to, true),
  };
};

sample({ clock: [auditPage.opened, searched], source: $filters, fn: (filters) => ({ query: toQuery(filters) }), target: auditList.loaded });
