import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Button, TextField } from '@/shared/ui';
import { ActionDialog, ErrorText } from '@/ops/shared/ui';
import { endSessions } from '../model/end-sessions';

/** A button that ends one session (`sessionId`) or all of them (null). */
export function EndSessionsButton({ userId, sessionId }: { userId: string; sessionId: string | null }) {
  const { t } = useTranslation('ops-users');
  const open = useUnit(endSessions.opened);
  return (
    <Button size="m" variant={sessionId ? 'plain' : 'destructive'} onClick={() => open({ userId, sessionId })}>
      {t(sessionId ? 'sessions.endOne' : 'sessions.endAll')}
    </Button>
  );
}

/** The dialog (mounted once): a reason, kept in the audit log. */
export function EndSessionsDialog() {
  const { t } = useTranslation('ops-users');
  const [target, pending, error] = useUnit([endSessions.$target, endSessions.$pending, endSessions.$error]);
  const { closed, submitted } = useUnit({ closed: endSessions.closed, submitted: endSessions.submitted });
  const [reason, setReason] = useState('');
  useEffect(() => setReason(''), [target]);
  return (
    <ActionDialog
      open={target !== null}
      title={t(target?.sessionId ? 'sessions.endOneTitle' : 'sessions.endAllTitle')}
      description={t('sessions.endLead')}
      confirmLabel={t(target?.sessionId ? 'sessions.endOne' : 'sessions.endAll')}
      confirmVariant="destructive"
      pending={pending}
      error={<ErrorText message={error} />}
      onClose={closed}
      onConfirm={() => target && submitted({ params: { userId: target.userId }, body: { sessionId: target.sessionId, reason: reason.trim() } })}
    >
      <TextField label={t('reason')} value={reason} onChange={(e) => setReason(e.target.value)} required minLength={3} />
    </ActionDialog>
  );
}
