import { useUnit } from 'effector-react';
import { useState } from 'react';
import type { OperatorRole } from '@/shared/contract/core';
import { useTranslation } from '@/shared/i18n';
import { Button, TextField } from '@/shared/ui';
import { ActionDialog, ErrorText } from '@/ops/shared/ui';
import { addOperator } from '../model/operator-manage';
import { RoleCheckboxes } from './role-checkboxes';

export function AddOperator() {
  const { t } = useTranslation('ops-admin');
  const [target, pending, error] = useUnit([addOperator.$target, addOperator.$pending, addOperator.$error]);
  const { opened, closed, submitted } = useUnit({ opened: addOperator.opened, closed: addOperator.closed, submitted: addOperator.submitted });
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<OperatorRole[]>(['support']);
  return (
    <>
      <Button size="m" onClick={() => opened(true)}>
        {t('operators.add')}
      </Button>
      <ActionDialog
        open={target !== null}
        title={t('operators.add')}
        description={t('operators.addLead')}
        confirmLabel={t('operators.addConfirm')}
        pending={pending}
        error={<ErrorText message={error} />}
        onClose={closed}
        onConfirm={() => submitted({ body: { email: email.trim(), name: name.trim(), roles } })}
      >
        <TextField label={t('operators.fields.email')} type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        <TextField label={t('operators.fields.name')} value={name} onChange={(e) => setName(e.target.value)} required />
        <RoleCheckboxes value={roles} onChange={setRoles} />
      </ActionDialog>
    </>
  );
}
