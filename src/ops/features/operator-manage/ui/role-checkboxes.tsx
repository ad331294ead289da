import { OPERATOR_ROLES, type OperatorRole } from '@/shared/contract/core';
import { useTranslation } from '@/shared/i18n';
import { CheckboxGroup } from '@/ops/shared/ui';

export function RoleCheckboxes({ value, onChange }: { value: readonly OperatorRole[]; onChange: (roles: OperatorRole[]) => void }) {
  const { t } = useTranslation(['ops-admin', 'ops-common']);
  return (
    <CheckboxGroup
      legend={t('ops-admin:operators.fields.roles')}
      value={value}
      onChange={onChange}
      options={OPERATOR_ROLES.map((role) => ({
        value: role,
        label: (
          <>
            <strong>{t(`ops-common:roles.${role}`)}</strong> — {t(`ops-common:roleHints.${role}`)}
          </>
        ),
      }))}
    />
  );
}
