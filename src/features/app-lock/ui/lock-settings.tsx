import { useUnit } from 'effector-react';
import { useEffect, type FormEvent } from 'react';
import { AUTO_LOCK_SECONDS, type AutoLockSeconds } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { Button, Section, SegmentedControl, Switch, TextField } from '@/shared/ui';
import {
  $biometryError,
  $biometryOnDevice,
  $biometryPendingInSettings,
  $biometrySupported,
  $lockFields,
  $lockFormError,
  $lockFormMode,
  $lockFormPending,
  $lockStatus,
  $lockStatusFailed,
  autoLockChanged,
  biometryToggled,
  lockFieldChanged,
  lockFormClosed,
  lockFormOpened,
  lockFormSubmitted,
  lockNowClicked,
  lockSettingsOpened,
  type LockField,
} from '../model/settings';
import styles from './app-lock.module.css';
import { appLockTexts } from '../i18n/texts';

const FIELDS: Record<'set' | 'change' | 'off' | 'biometry', LockField[]> = {
  set: ['next', 'repeat'],
  change: ['current', 'next', 'repeat'],
  off: ['current'],
  biometry: ['current'],
};
const FORM_TITLE = { set: 'settings.set', change: 'settings.change', off: 'settings.turnOff', biometry: 'biometry.toggle' } as const;

function LockForm() {
  const { t } = useTranslation(appLockTexts.ns);
  const [mode, fields, error, pending] = useUnit([$lockFormMode, $lockFields, $lockFormError, $lockFormPending]);
  const [change, submit, close] = useUnit([lockFieldChanged, lockFormSubmitted, lockFormClosed]);
  if (mode === 'idle') return null;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  return (
    <form className={styles.rows} onSubmit={onSubmit} noValidate aria-label={t(FORM_TITLE[mode])}>
      {FIELDS[mode].map((field, index) => (
        <TextField
          key={field}
          label={t(`settings.${field}`)}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={fields[field]}
          error={error?.field === field ? t(error.message.key, error.message.values) : undefined}
          onChange={(event) => change({ field, value: event.target.value })}
          autoFocus={index === 0}
        />
      ))}
      {error?.field === null && (
        <p className={styles.message} role="alert">
          {t(error.message.key)}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" size="m" variant={mode === 'off' ? 'destructive' : 'primary'} loading={pending}>
          {mode === 'off' ? t('settings.confirmOff') : t('settings.save')}
        </Button>
        <Button size="m" variant="plain" onClick={() => close()}>
          {t('settings.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** The "App lock" section of Settings. */
export function AppLockSettings() {
  const { t } = useTranslation([appLockTexts.ns, 'platform']);
  const [status, failed, mode, supported, onDevice, biometryPending, biometryError] = useUnit([
    $lockStatus,
    $lockStatusFailed,
    $lockFormMode,
    $biometrySupported,
    $biometryOnDevice,
    $biometryPendingInSettings,
    $biometryError,
  ]);
  const [opened, open, setAutoLock, toggleBiometry, lockNow] = useUnit([lockSettingsOpened, lockFormOpened, autoLockChanged, biometryToggled, lockNowClicked]);
  useEffect(() => {
    opened();
  }, [opened]);
  const enabled = status?.enabled ?? false;
  const minutes = AUTO_LOCK_SECONDS.map((seconds) => ({ value: String(seconds) as `${AutoLockSeconds}`, label: t('settings.minutes', { count: seconds / 60 }) }));
  return (
    <Section title={t('settings.title')} footer={enabled ? t('settings.footerOn') : t('settings.footerOff')} data-testid="app-lock-settings">
      <div className={styles.rows}>
        <div className={styles.row}>
          <span>{t('settings.status')}</span>
          <strong>{status ? (enabled ? t('settings.on') : t('settings.off')) : failed ? t('settings.loadFailed') : '…'}</strong>
        </div>
        {status && mode === 'idle' && (
          <div className={styles.actions}>
            {enabled ? (
              <>
                <Button size="m" variant="secondary" onClick={() => open('change')}>
                  {t('settings.change')}
                </Button>
                <Button size="m" variant="secondary" onClick={() => lockNow()}>
                  {t('settings.lockNow')}
                </Button>
                <Button size="m" variant="plain" onClick={() => open('off')}>
                  {t('settings.turnOff')}
                </Button>
              </>
            ) : (
              <Button size="m" onClick={() => open('set')}>
                {t('settings.set')}
              </Button>
            )}
          </div>
        )}
      </div>
      <LockForm />
      {enabled && mode === 'idle' && (
        <div className={styles.rows}>
          <SegmentedControl
            label={t('settings.autoLock')}
            options={minutes}
            value={String(status?.autoLockSeconds ?? 300) as `${AutoLockSeconds}`}
            onChange={(value) => setAutoLock(Number(value) as AutoLockSeconds)}
          />
          {supported && (
            <Switch
              label={t('biometry.toggle')}
              hint={t('biometry.toggleHint')}
              checked={onDevice}
              busy={biometryPending}
              onChange={toggleBiometry}
            />
          )}
          {biometryError && (
            <p className={styles.message} role="alert">
              {t(biometryError.key)}
            </p>
          )}
        </div>
      )}
    </Section>
  );
}
