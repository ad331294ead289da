import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import type { Adjustment } from '@/shared/contract/ops';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Button, TextField } from '@/shared/ui';
import { $operator } from '@/ops/entities/operator';
import { ActionDialog, Details, ErrorText } from '@/ops/shared/ui';
import { approveAdjustment, rejectAdjustment } from '../model/adjustment-decide';

/** A proposal's buttons: approve (not for its proposer: four eyes), reject (or withdraw, for its proposer). */
export function DecideAdjustmentButtons({ adjustment }: { adjustment: Adjustment }) {
  const { t } = useTranslation('ops-money');
  const operator = useUnit($operator);
  const [approve, reject] = useUnit([approveAdjustment.opened, rejectAdjustment.opened]);
  const own = operator?.id === adjustment.proposedBy.id;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {own ? (
        <span style={{ color: 'var(--color-hint)' }}>{t('adjustments.waitingForOther')}</span>
      ) : (
        <Button size="m" onClick={() => approve(adjustment)}>
          {t('adjustments.approve')}
        </Button>
      )}
      <Button size="m" variant="secondary" onClick={() => reject(adjustment)}>
        {t(own ? 'adjustments.withdraw' : 'adjustments.reject')}
      </Button>
    </div>
  );
}

/** Both dialogs (mounted once by the page). */
export function DecideAdjustmentDialogs() {
  const { t } = useTranslation('ops-money');
  const { money } = useFormatters();
  const [approveTarget, approvePending, approveError] = useUnit([approveAdjustment.$target, approveAdjustment.$pending, approveAdjustment.$error]);
  const [rejectTarget, rejectPending, rejectError] = useUnit([rejectAdjustment.$target, rejectAdjustment.$pending, rejectAdjustment.$error]);
  const approve = useUnit({ closed: approveAdjustment.closed, submitted: approveAdjustment.submitted });
  const reject = useUnit({ closed: rejectAdjustment.closed, submitted: rejectAdjustment.submitted });
  const [note, setNote] = useState('');
  useEffect(() => setNote(''), [rejectTarget]);
  const facts = (a: Adjustment) => (
    <Details
      items={[
        { label: t('adjustments.columns.user'), value: `${a.user.name} · ${a.user.email}` },
        { label: t('adjustments.columns.what'), value: t(`adjustments.kinds.${a.kind === 'goodwill' ? 'goodwill' : a.direction === 'credit' ? 'correctionCredit' : 'correctionDebit'}`) },
        { label: t('adjustments.columns.amount'), value: money(a.amount) },
        { label: t('adjustments.columns.proposedBy'), value: a.proposedBy.name },
        { label: t('adjustments.columns.reason'), value: a.reason },
      ]}
    />
  );
  return (
    <>
      <ActionDialog
        open={approveTarget !== null}
        title={t('adjustments.approveTitle')}
        description={t('adjustments.approveLead')}
        confirmLabel={t('adjustments.approve')}
        pending={approvePending}
        error={<ErrorText message={approveError} />}
        onClose={approve.closed}
        onConfirm={() => approveTarget && approve.submitted({ params: { adjustmentId: approveTarget.id } })}
      >
        {approveTarget && facts(approveTarget)}
      </ActionDialog>
      <ActionDialog
        open={rejectTarget !== null}
        title={t('adjustments.rejectTitle')}
        confirmLabel={t('adjustments.reject')}
        confirmVariant="destructive"
        pending={rejectPending}
        error={<ErrorText message={rejectError} />}
        onClose={reject.closed}
        onConfirm={() => rejectTarget && reject.submitted({ params: { adjustmentId: rejectTarget.id }, body: { note: note.trim() } })}
      >
        {rejectTarget && facts(rejectTarget)}
        <TextField label={t('adjustments.fields.note')} value={note} onChange={(e) => setNote(e.target.value)} required minLength={3} />
      </ActionDialog>
    </>
  );
}
