import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useLanguage, useTranslation } from '@/shared/i18n';
import { Button, Section, Switch } from '@/shared/ui';
import {
  $botAccess,
  $botAccessDeclined,
  $canAskBotAccess,
  $changingKind,
  $notificationSettings,
  $notificationSettingsError,
  $notificationSettingsState,
  NOTIFICATION_KINDS,
  notificationKindToggled,
  notificationSettingsOpened,
  botAccessRequested,
  requestBotAccessFx,
  type NotificationKind,
} from '../model/notification-settings';
import { notificationSettingsTexts } from '../i18n/texts';
import styles from './notification-settings.module.css';

function KindSwitch({ kind, enabled, busy }: { kind: NotificationKind; enabled: boolean; busy: boolean }) {
  const { t } = useTranslation(notificationSettingsTexts.ns);
  const toggle = useUnit(notificationKindToggled);
  return (
    <li className={styles.row}>
      <Switch
        label={t(`kinds.${kind}.title`)}
        hint={t(`kinds.${kind}.subtitle`)}
        checked={enabled}
        busy={busy}
        onChange={(checked) => toggle({ kind, enabled: checked })}
      />
    </li>
  );
}

/** The bot cannot write (blocked, or never allowed): what to do, with Telegram's own "allow" where it can ask. */
function BotAccessNotice() {
  const { t } = useTranslation(notificationSettingsTexts.ns);
  const [access, canAsk, declined, asking, ask] = useUnit([$botAccess, $canAskBotAccess, $botAccessDeclined, requestBotAccessFx.pending, botAccessRequested]);
  if (access === 'ok') return null;
  return (
    <div className={styles.notice} role="status" data-testid="bot-access">
      <p className={styles.noticeText}>
        {t(access === 'blocked' ? 'botBlocked' : 'botNotAllowed')} {canAsk ? null : t('botStartHint')}
      </p>
      {canAsk && (
        <Button variant="secondary" size="m" loading={asking} onClick={() => ask()}>
          {t('allowBot')}
        </Button>
      )}
      {declined && (
        <p className={styles.error} role="alert">
          {t('allowFailed')}
        </p>
      )}
    </div>
  );
}

/** Settings section: the bot's notifications, one switch per kind (issue 15 "The bot"). */
export function NotificationSettingsSection() {
  const { t } = useTranslation([notificationSettingsTexts.ns, 'common']);
  const [language] = useLanguage();
  const [settings, state, changing, error, open] = useUnit([
    $notificationSettings,
    $notificationSettingsState,
    $changingKind,
    $notificationSettingsError,
    notificationSettingsOpened,
  ]);
  useEffect(() => {
    open(language);
  }, [open, language]);
  const footer = settings && !settings.telegramLinked ? t('notLinked') : t('footer');
  return (
    <Section title={t('title')} footer={footer}>
      {settings && <BotAccessNotice />}
      {settings ? (
        <ul className={styles.list} aria-label={t('title')}>
          {NOTIFICATION_KINDS.map((kind) => (
            <KindSwitch key={kind} kind={kind} enabled={settings.kinds[kind]} busy={changing === kind} />
          ))}
        </ul>
      ) : state === 'error' ? (
        <div className={styles.inline} role="alert">
          <span>{t('loadFailed')}</span>
          <Button variant="plain" size="m" onClick={() => open(language)}>
            {t('common:actions.retry')}
          </Button>
        </div>
      ) : (
        <div className={styles.inline} role="status" aria-busy="true">
          {t('common:status.loading')}
        </div>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {t(error.keys, { defaultValue: error.defaultValue })}
        </p>
      )}
    </Section>
  );
}
