import { useUnit } from 'effector-react';
import { useTranslation, useFormatters } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { Badge } from '@/shared/ui';
import type { Operator } from '@/shared/contract/ops';
import { RoleBadges } from '@/ops/entities/operator';
import { AddOperator, ChangeOperatorDialog, OperatorActions } from '@/ops/features/operator-manage';
import { ConsolePage, DataTable, ErrorText, type Column } from '@/ops/shared/ui';
import { $operators, $operatorsError, operatorsPage } from '../model/operators';

export function OperatorsPage() {
  const { t } = useTranslation('ops-admin');
  const { dateTime } = useFormatters();
  usePageLifecycle(operatorsPage);
  const [operators, error] = useUnit([$operators, $operatorsError]);
  const columns: Column<Operator>[] = [
    { key: 'name', header: t('operators.columns.name'), cell: (o) => o.name },
    { key: 'email', header: t('operators.columns.email'), cell: (o) => o.email },
    { key: 'roles', header: t('operators.columns.roles'), cell: (o) => <RoleBadges roles={o.roles} /> },
    {
      key: 'state',
      header: t('operators.columns.state'),
      cell: (o) =>
        o.disabled ? (
          <Badge tone="danger">{t('operators.state.disabled')}</Badge>
        ) : o.secondFactorEnrolled ? (
          <Badge tone="success">{t('operators.state.active')}</Badge>
        ) : (
          <Badge tone="warning">{t('operators.state.invited')}</Badge>
        ),
    },
    { key: 'created', header: t('operators.columns.created'), cell: (o) => dateTime(o.createdAt) },
    { key: 'actions', header: t('operators.columns.actions'), cell: (o) => <OperatorActions operator={o} /> },
  ];
  return (
    <ConsolePage title={t('operators.title')} lead={t('operators.lead')} actions={<AddOperator />}>
      <ErrorText message={error} />
      <DataTable caption={t('operators.title')} columns={columns} rows={operators} rowKey={(o) => o.id} empty={t('operators.empty')} />
      <ChangeOperatorDialog />
    </ConsolePage>
  );
}
