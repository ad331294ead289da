import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { FREEZE_REASONS, type FreezeReason } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { Button, Select, TextField } from '@/shared/ui';
import { ActionDialog, ErrorText } from '@/ops/shared/ui';
import { freezeAccount, unfreezeAccount } from '../model/account-freeze';

/** Freeze (or, when frozen, unfreeze) the account: the button and its dialog. */
export function AccountFreeze({ userId, name, frozen }: { userId: string; name: string; frozen: boolean }) {
  const { t } = useTranslation(['ops-users', 'errors']);
  const action = frozen ? unfreezeAccount : freezeAccount;
  const [target, pending, error] = useUnit([action.$target, action.$pending, action.$error]);
  const { opened, closed } = useUnit({ opened: action.opened, closed: action.closed });
  const [submitFreeze, submitUnfreeze] = useUnit([freezeAccount.submitted, unfreezeAccount.submitted]);
  const [reason, setReason] = useState<FreezeReason>('compliance_review');
  const [note, setNote] = useState('');
  useEffect(() => setNote(''), [target]);
  return (
    <>
      <Button size="m" variant={frozen ? 'secondary' : 'destructive'} onClick={() => opened({ userId, name })}>
        {t(frozen ? 'unfreeze.button' : 'freeze.button')}
      </Button>
      <ActionDialog
        open={target !== null}
        title={t(frozen ? 'unfreeze.title' : 'freeze.title', { name })}
        description={t(frozen ? 'unfreeze.lead' : 'freeze.lead')}
        confirmLabel={t(frozen ? 'unfreeze.confirm' : 'freeze.confirm')}
        confirmVariant={frozen ? 'primary' : 'destructive'}
        pending={pending}
        error={<ErrorText message={error} />}
        onClose={closed}
        onConfirm={() =>
          frozen
            ? submitUnfreeze({ params: { userId }, body: { note: note.trim() } })
            : submitFreeze({ params: { userId }, body: { reason, note: note.trim() } })
        }
      >
        {!frozen && (
          <Select
            label={t('freeze.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value as FreezeReason)}
            options={FREEZE_REASONS.map((value) => ({ value, label: t(`freeze.reasons.${value}`) }))}
          />
        )}
        {!frozen && <p style={{ margin: 0 }}>{t('freeze.userSees', { text: t(`errors:verification.frozen.reasons.${reason}`) })}</p>}
        <TextField label={t('note')} value={note} onChange={(e) => setNote(e.target.value)} required minLength={3} />
      </ActionDialog>
    </>
  );
}
