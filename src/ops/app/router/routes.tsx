/**
 * The console's routes (under /ops/). Signed out: only the sign-in. Signed in: the shell with the screens the
 * operator's roles open (CONSOLE_SECTIONS); `/` goes to the first of them.
 */
import { useUnit } from 'effector-react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useRouterBinding } from '@/shared/lib';
import { Spinner } from '@/shared/ui';
import { $operator, $sessionState, hasRole } from '@/ops/entities/operator';
import { AdjustmentsPage } from '@/ops/pages/adjustments';
import { AuditLogPage } from '@/ops/pages/audit-log';
import { HeldMoneyPage } from '@/ops/pages/held-money';
import { KycQueuePage } from '@/ops/pages/kyc-queue';
import { OperatorsPage } from '@/ops/pages/operators';
import { ReconciliationPage } from '@/ops/pages/reconciliation';
import { SignInPage } from '@/ops/pages/sign-in';
import { UserPage } from '@/ops/pages/user';
import { UsersPage } from '@/ops/pages/users';
import { WithdrawalsPage } from '@/ops/pages/withdrawals';
import { CONSOLE_SECTIONS, opsPaths } from '@/ops/shared/config';
import { ConsoleShell } from '@/ops/widgets/console-shell';
import styles from './routes.module.css';

const SCREENS: Record<string, () => React.JSX.Element> = {
  [opsPaths.kyc]: KycQueuePage,
  [opsPaths.users]: UsersPage,
  [opsPaths.held]: HeldMoneyPage,
  [opsPaths.withdrawals]: WithdrawalsPage,
  [opsPaths.adjustments]: AdjustmentsPage,
  [opsPaths.reconciliation]: ReconciliationPage,
  [opsPaths.audit]: AuditLogPage,
  [opsPaths.operators]: OperatorsPage,
};

export function ConsoleRoutes() {
  useRouterBinding();
  const [state, operator] = useUnit([$sessionState, $operator]);
  if (state === 'unknown') {
    return (
      <div className={styles.loading}>
        <Spinner size={32} />
      </div>
    );
  }
  if (state === 'signedOut' || !operator) {
    return (
      <Routes>
        <Route path={opsPaths.signIn} element={<SignInPage />} />
        <Route path="*" element={<Navigate to={opsPaths.signIn} replace />} />
      </Routes>
    );
  }
  const sections = CONSOLE_SECTIONS.filter((section) => hasRole(operator, ...section.roles) && SCREENS[section.path]);
  const landing = sections[0]?.path ?? opsPaths.users;
  return (
    <ConsoleShell>
      <Routes>
        {sections.map((section) => {
          const Screen = SCREENS[section.path]!;
          return <Route key={section.path} path={section.path} element={<Screen />} />;
        })}
        {hasRole(operator, 'support', 'compliance', 'admin') && <Route path={`${opsPaths.users}/:userId`} element={<UserPage />} />}
        <Route path="*" element={<Navigate to={landing} replace />} />
      </Routes>
    </ConsoleShell>
  );
}
