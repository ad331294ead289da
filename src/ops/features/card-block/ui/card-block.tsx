import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/shared/i18n';
import { Button, Select, TextField } from '@/shared/ui';
import { ActionDialog, ErrorText } from '@/ops/shared/ui';
import { blockCard } from '../model/card-block';

export function BlockCardButton({ cardId, label }: { cardId: string; label: string }) {
  const { t } = useTranslation('ops-users');
  const open = useUnit(blockCard.opened);
  return (
    <Button size="m" variant="destructive" onClick={() => open({ cardId, label })}>
      {t('cards.block')}
    </Button>
  );
}

/** The dialog (mounted once): lost or stolen, and a note for the audit log. */
export function BlockCardDialog() {
  const { t } = useTranslation('ops-users');
  const [target, pending, error] = useUnit([blockCard.$target, blockCard.$pending, blockCard.$error]);
  const { closed, submitted } = useUnit({ closed: blockCard.closed, submitted: blockCard.submitted });
  const [reason, setReason] = useState<'lost' | 'stolen'>('lost');
  const [note, setNote] = useState('');
  useEffect(() => setNote(''), [target]);
  return (
    <ActionDialog
      open={target !== null}
      title={t('cards.blockTitle', { card: target?.label ?? '' })}
      description={t('cards.blockLead')}
      confirmLabel={t('cards.block')}
      confirmVariant="destructive"
      pending={pending}
      error={<ErrorText message={error} />}
      onClose={closed}
      onConfirm={() => target && submitted({ params: { cardId: target.cardId }, body: { reason, note: note.trim() } })}
    >
      <Select
        label={t('cards.blockReason')}
        value={reason}
        onChange={(e) => setReason(e.target.value as 'lost' | 'stolen')}
        options={[
          { value: 'lost', label: t('cards.lost') },
          { value: 'stolen', label: t('cards.stolen') },
        ]}
      />
      <TextField label={t('note')} value={note} onChange={(e) => setNote(e.target.value)} required minLength={3} />
    </ActionDialog>
  );
}
