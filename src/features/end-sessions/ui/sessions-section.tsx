import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import type { AuthSession } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Alert, Badge, Button, ConfirmDialog, Section } from '@/shared/ui';
import {
  $endError,
  $ending,
  $endingOthers,
  $loadFailed,
  $sessions,
  endOthersClicked,
  endOthersConfirmation,
  endSessionClicked,
  endSessionConfirmation,
  sessionsRequested,
} from '../model/end-sessions';
import { endSessionsTexts } from '../i18n/texts';
import styles from './sessions-section.module.css';

function countryName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

function SessionRow({ session }: { session: AuthSession }) {
  const { t } = useTranslation(endSessionsTexts.ns);
  const format = useFormatters();
  const [ending, end] = useUnit([$ending, endSessionClicked]);
  const device = session.device ?? t('unknownDevice');
  const details = [
    session.platform ? t('telegram', { platform: session.platform, version: session.clientVersion ?? '' }).trim() : null,
    session.country ? countryName(session.country, format.lang) : null,
    session.current ? t('signedIn', { date: format.dateTime(session.createdAt) }) : t('lastSeen', { date: format.dateTime(session.lastSeenAt) }),
  ].filter(Boolean);
  return (
    <li className={styles.row} data-testid="session-row" data-current={session.current || undefined}>
      <div className={styles.text}>
        <span className={styles.device}>
          {device}
          {session.current && (
            <>
              {' '}
              <Badge tone="success">{t('thisDevice')}</Badge>
            </>
          )}
        </span>
        <span className={styles.details}>{details.join(' · ')}</span>
      </div>
      {!session.current && (
        <Button variant="plain" size="m" loading={ending === session.id} aria-label={t('endLabel', { device })} onClick={() => end({ id: session.id, device })}>
          {t('end')}
        </Button>
      )}
    </li>
  );
}

/** Settings → Devices: where the user is signed in, this device marked; end one or all others. */
export function SessionsSection() {
  const { t } = useTranslation([endSessionsTexts.ns, 'common']);
  const [sessions, loadFailed, endError, endingOthers] = useUnit([$sessions, $loadFailed, $endError, $endingOthers]);
  const [load, endOthers] = useUnit([sessionsRequested, endOthersClicked]);
  useEffect(() => {
    load();
  }, [load]);
  const others = sessions?.filter((s) => !s.current).length ?? 0;
  const [endOne, endOneYes, endOneNo] = useUnit([endSessionConfirmation.$dialog, endSessionConfirmation.dialogConfirmed, endSessionConfirmation.dialogCancelled]);
  const [endAll, endAllYes, endAllNo] = useUnit([endOthersConfirmation.$dialog, endOthersConfirmation.dialogConfirmed, endOthersConfirmation.dialogCancelled]);
  return (
    <Section title={t('title')} footer={t('footer')} aria-label={t('title')}>
      <ConfirmDialog texts={endOne} onConfirm={endOneYes} onCancel={endOneNo} />
      <ConfirmDialog texts={endAll} onConfirm={endAllYes} onCancel={endAllNo} />
      {sessions ? (
        <>
          <ul className={styles.list}>
            {sessions.map((session) => (
              <SessionRow key={session.id} session={session} />
            ))}
          </ul>
          {endError && (
            <div className={styles.actions}>
              <Alert tone="danger">{t(endError.keys, { defaultValue: endError.defaultValue })}</Alert>
            </div>
          )}
          <div className={styles.actions}>
            {others > 0 ? (
              <Button variant="destructive" size="m" fullWidth loading={endingOthers} onClick={endOthers}>
                {t('endOthers')}
              </Button>
            ) : (
              <p className={styles.details}>{t('onlyThis')}</p>
            )}
          </div>
        </>
      ) : loadFailed ? (
        <div className={styles.actions} role="alert">
          <span>{t('loadFailed')}</span>
          <Button variant="plain" size="m" onClick={load}>
            {t('common:actions.retry')}
          </Button>
        </div>
      ) : (
        <div className={styles.actions} role="status" aria-busy="true">
          {t('common:status.loading')}
        </div>
      )}
    </Section>
  );
}
