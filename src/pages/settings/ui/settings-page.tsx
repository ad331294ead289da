import { useUnit } from 'effector-react';
import { ActivityUnreadBadge } from '@/entities/activity';
import { AppLockSettings, preloadAppLockSettings } from '@/features/app-lock';
import { LanguageSwitcher } from '@/features/change-language';
import { SessionsSection } from '@/features/end-sessions';
import { NotificationSettingsSection } from '@/features/notification-settings';
import { SignOutButton } from '@/features/sign-out';
import { routePaths } from '@/shared/config';
import { useTranslation } from '@/shared/i18n';
import { usePageLifecycle } from '@/shared/lib';
import { getPlatformInfo } from '@/shared/platform';
import { Button, IconGift, List, ListItem, Page, Section } from '@/shared/ui';
import { APP_VERSION } from '../config/app-info';
import { PROFILE_PATH } from '../config/paths';
import { settingsTexts } from '../i18n/texts';
import {
  $settingsConfig,
  $settingsConfigState,
  settingsConfigRequested,
  settingsPage,
  supportEmailOpened,
  supportTelegramOpened,
} from '../model/settings';
import { FaqList } from './faq-list';
import styles from './settings-page.module.css';

// The app-lock section is a chunk of its own (not part of a page's start): fetched now, with this page's code, so the
// page renders whole (the route's skeleton stays until it is there) and nothing below the section moves.
preloadAppLockSettings();

function IconPerson({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden focusable={false}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5" strokeLinecap="round" />
    </svg>
  );
}

function IconBell({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden focusable={false}>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16z" strokeLinejoin="round" />
      <path d="M10 20.5a2 2 0 0 0 4 0" strokeLinecap="round" />
    </svg>
  );
}

function IconChat({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden focusable={false}>
      <path d="M4 5h16v11H9l-5 4V5z" strokeLinejoin="round" />
    </svg>
  );
}

function IconMail({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden focusable={false}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m4 7 8 6 8-6" strokeLinejoin="round" />
    </svg>
  );
}

function SupportSection() {
  const { t } = useTranslation([settingsTexts.ns, 'common']);
  const [config, state, retry, openTelegram, openEmail] = useUnit([
    $settingsConfig,
    $settingsConfigState,
    settingsConfigRequested,
    supportTelegramOpened,
    supportEmailOpened,
  ]);
  return (
    <Section title={t(`${settingsTexts.ns}:support.title`)} footer={config ? t(`${settingsTexts.ns}:support.footer`) : undefined}>
      {config ? (
        <List>
          <ListItem
            icon={<IconChat />}
            title={t(`${settingsTexts.ns}:support.telegram`)}
            subtitle={`@${config.support.telegramUsername}`}
            onClick={openTelegram}
            chevron
          />
          <ListItem icon={<IconMail />} title={t(`${settingsTexts.ns}:support.email`)} subtitle={config.support.email} onClick={openEmail} chevron />
        </List>
      ) : state === 'error' ? (
        <div className={styles.inlineError} role="alert">
          <span>{t(`${settingsTexts.ns}:support.loadFailed`)}</span>
          <Button variant="plain" size="m" onClick={() => retry()}>
            {t('common:actions.retry')}
          </Button>
        </div>
      ) : (
        <div className={styles.inlineLoading} role="status" aria-busy="true">
          {t('common:status.loading')}
        </div>
      )}
    </Section>
  );
}

function AboutApp() {
  const { t } = useTranslation([settingsTexts.ns, 'common']);
  const info = getPlatformInfo();
  const where = info.version
    ? t(`${settingsTexts.ns}:about.platform`, { version: info.version, platform: info.platform ?? '' }) + (info.isMock ? ` · ${t(`${settingsTexts.ns}:about.mock`)}` : '')
    : t(`${settingsTexts.ns}:about.outside`);
  return (
    <footer className={styles.about} aria-label={t(`${settingsTexts.ns}:about.label`)}>
      <span>{t(`${settingsTexts.ns}:about.version`, { app: t('common:appName'), version: APP_VERSION })}</span>
      <span>{where}</span>
    </footer>
  );
}

function LegalSection() {
  const { t } = useTranslation(settingsTexts.ns);
  return (
    <Section>
      <List>
        <ListItem title={t('legal.terms')} to={routePaths.terms} />
        <ListItem title={t('legal.privacy')} to={routePaths.privacy} />
      </List>
    </Section>
  );
}

/** /settings tab (SPEC §2): language, account (profile, referral program), bot notifications (issue 15), FAQs, support, sign-out, app info. */
export function SettingsPage() {
  usePageLifecycle(settingsPage);
  const { t } = useTranslation(settingsTexts.ns);
  return (
    <Page title={t('title')} safeArea={false}>
      <Section title={t('language.title')} footer={t('language.footer')}>
        <div className={styles.languageRow}>
          <LanguageSwitcher />
        </div>
      </Section>
      <Section title={t('account.title')}>
        <List>
          <ListItem icon={<IconPerson />} title={t('account.profile')} subtitle={t('account.profileSubtitle')} to={PROFILE_PATH} />
          <ListItem icon={<IconGift />} title={t('account.referral')} subtitle={t('account.referralSubtitle')} to={routePaths.referral} />
          <ListItem
            icon={<IconBell />}
            title={t('account.activity')}
            subtitle={t('account.activitySubtitle')}
            trailing={<ActivityUnreadBadge />}
            to={routePaths.activity}
          />
        </List>
      </Section>
      {/* The lock first: the sections below it load their data and grow, and must not move it. */}
      <AppLockSettings />
      <SessionsSection />
      <NotificationSettingsSection />
      <Section title={t('faq.title')}>
        <FaqList />
      </Section>
      <SupportSection />
      <LegalSection />
      <Section footer={t('signOut.footer')} inset={false}>
        <SignOutButton fullWidth />
      </Section>
      <AboutApp />
    </Page>
  );
}
