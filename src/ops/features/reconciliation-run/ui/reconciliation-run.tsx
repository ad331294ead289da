import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Button } from '@/shared/ui';
import { ActionDialog, ErrorText } from '@/ops/shared/ui';
import { runReconciliation } from '../model/reconciliation-run';

export function RunReconciliation() {
  const { t } = useTranslation('ops-money');
  const [target, pending, error] = useUnit([runReconciliation.$target, runReconciliation.$pending, runReconciliation.$error]);
  const { opened, closed, submitted } = useUnit({ opened: runReconciliation.opened, closed: runReconciliation.closed, submitted: runReconciliation.submitted });
  return (
    <>
      <Button size="m" onClick={() => opened(true)}>
        {t('reconciliation.run')}
      </Button>
      <ActionDialog
        open={target !== null}
        title={t('reconciliation.runTitle')}
        description={t('reconciliation.runLead')}
        confirmLabel={t('reconciliation.run')}
        pending={pending}
        error={<ErrorText message={error} />}
        onClose={closed}
        onConfirm={() => submitted({ body: {} })}
      />
    </>
  );
}
