import { OPERATOR_ROLES, type OperatorRole } from '@/shared/contract/core';
import { useTranslation } from '@/shared/i18n';
import styles from './operator-manage.module.css';

export function RoleCheckboxes({ value, onChange }: { value: readonly OperatorRole[]; onChange: (roles: OperatorRole[]) => void }) {
  const { t } = useTranslation(['ops-admin', 'ops-common']);
  return (
    <fieldset className={styles.roles}>
      <legend>{t('ops-admin:operators.fields.roles')}</legend>
      {OPERATOR_ROLES.map((role) => (
        <label key={role} className={styles.role}>
          <input
            type="checkbox"
            checked={value.includes(role)}
            onChange={(e) => onChange(e.target.checked ? [...value, role] : value.filter((r) => r !== role))}
          />
          <span>
            <strong>{t(`ops-common:roles.${role}`)}</strong> — {t(`ops-common:roleHints.${role}`)}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
