import { useUnit } from 'effector-react';
import { useEffect, useState } from 'react';
import type { OperatorRole } from '@/shared/contract/core';
import type { Operator } from '@/shared/contract/ops';
import { useTranslation } from '@/shared/i18n';
import { Button, TextField } from '@/shared/ui';
import { $operator } from '@/ops/entities/operator';
import { ActionDialog, ErrorText } from '@/ops/shared/ui';
import { changeOperator, type OperatorChange } from '../model/operator-manage';
import { RoleCheckboxes } from './role-checkboxes';
import styles from './operator-manage.module.css';

/**
 * The row's buttons: change roles, disable or enable, reset the second factor. Not on the signed-in admin's own row
 * but roles: nobody disables themselves or resets their own authenticator (the server refuses, OPERATOR_SELF_CHANGE).
 */
export function OperatorActions({ operator }: { operator: Operator }) {
  const { t } = useTranslation('ops-admin');
  const [open, me] = useUnit([changeOperator.opened, $operator]);
  const ask = (change: OperatorChange) => () => open({ operator, change });
  const self = me?.id === operator.id;
  return (
    <div className={styles.rowActions}>
      <Button size="m" variant="secondary" onClick={ask('roles')}>
        {t('operators.changeRoles')}
      </Button>
      {self ? null : operator.disabled ? (
        <Button size="m" variant="secondary" onClick={ask('enable')}>
          {t('operators.enable')}
        </Button>
      ) : (
        <Button size="m" variant="destructive" onClick={ask('disable')}>
          {t('operators.disable')}
        </Button>
      )}
      {operator.secondFactorEnrolled && !self && (
        <Button size="m" variant="plain" onClick={ask('reset')}>
          {t('operators.reset')}
        </Button>
      )}
    </div>
  );
}

/** The one dialog of every change (mounted once by the page). */
export function ChangeOperatorDialog() {
  const { t } = useTranslation('ops-admin');
  const [target, pending, error] = useUnit([changeOperator.$target, changeOperator.$pending, changeOperator.$error]);
  const { closed, submitted } = useUnit({ closed: changeOperator.closed, submitted: changeOperator.submitted });
  const [roles, setRoles] = useState<OperatorRole[]>([]);
  const [reason, setReason] = useState('');
  useEffect(() => {
    setRoles(target ? [...target.operator.roles] : []);
    setReason('');
  }, [target]);
  if (!target) return <ActionDialog open={false} title="" confirmLabel="" onClose={closed} onConfirm={() => {}} />;
  const { operator, change } = target;
  const body =
    change === 'roles' ? { roles } : change === 'disable' ? { disabled: true } : change === 'enable' ? { disabled: false } : { resetSecondFactor: true as const };
  return (
    <ActionDialog
      open
      title={t(`operators.dialog.${change}.title`, { name: operator.name })}
      description={t(`operators.dialog.${change}.lead`, { name: operator.name })}
      confirmLabel={t(`operators.dialog.${change}.confirm`)}
      confirmVariant={change === 'disable' ? 'destructive' : 'primary'}
      pending={pending}
      error={<ErrorText message={error} />}
      onClose={closed}
      onConfirm={() => submitted({ params: { operatorId: operator.id }, body: { ...body, reason: reason.trim() } })}
    >
      {change === 'roles' && <RoleCheckboxes value={roles} onChange={setRoles} />}
      <TextField label={t('operators.fields.reason')} value={reason} onChange={(e) => setReason(e.target.value)} required minLength={3} />
    </ActionDialog>
  );
}
