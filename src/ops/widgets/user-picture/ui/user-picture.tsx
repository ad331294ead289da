import { useUnit } from 'effector-react';
import { Link } from 'react-router-dom';
import type { LedgerEntryView, OpsCard, OpsSession, UserNote, VerificationEvent } from '@/shared/contract/ops';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { Badge, LoadMore, Spinner } from '@/shared/ui';
import { $picture, $pictureError, KycResult, VerificationBadge } from '@/ops/entities/customer';
import { useCan } from '@/ops/entities/operator';
import { AccountFreeze } from '@/ops/features/account-freeze';
import { BlockCardButton, BlockCardDialog } from '@/ops/features/card-block';
import { EndSessionsButton, EndSessionsDialog } from '@/ops/features/end-sessions';
import { KycDecisionButtons, KycDecisionDialog } from '@/ops/features/kyc-decision';
import { AddNote } from '@/ops/features/user-note';
import { opsPaths } from '@/ops/shared/config';
import { DataTable, Details, ErrorText, Panel, type Column } from '@/ops/shared/ui';
import { $cards, $notes, $panelsError, $sessions, ledgerList } from '../model/user-picture';
import styles from './user-picture.module.css';

/** A user's whole picture, with the actions the operator's roles allow (docs/ops.md "A user's picture"). */
export function UserPicture() {
  const { t } = useTranslation(['ops-users', 'errors']);
  const { money, dateTime } = useFormatters();
  const [picture, error] = useUnit([$picture, $pictureError]);
  const canDecide = useCan('compliance');
  if (error) return <ErrorText message={error} />;
  if (!picture) return <Spinner size={28} />;
  const { profile, verification, frozen, balances } = picture;
  const name = `${profile.firstName} ${profile.lastName}`;
  return (
    <div className={styles.picture}>
      <Panel
        title={t('profile.title')}
        actions={
          <>
            <VerificationBadge status={verification.status} frozen={frozen !== null} />
            {canDecide && !profile.deletedAt && <AccountFreeze userId={profile.id} name={name} frozen={frozen !== null} />}
          </>
        }
      >
        <Details
          items={[
            { label: t('profile.name'), value: name },
            { label: t('profile.email'), value: profile.email },
            { label: t('profile.phone'), value: profile.phoneNumber },
            { label: t('profile.country'), value: profile.country },
            { label: t('profile.telegram'), value: profile.telegram ? `${profile.telegram.username ? `@${profile.telegram.username} · ` : ''}${profile.telegram.id}` : t('none') },
            { label: t('profile.id'), value: <code>{profile.id}</code> },
            { label: t('profile.promoCode'), value: profile.promoCode },
            { label: t('profile.since'), value: dateTime(profile.createdAt) },
            ...(profile.deletedAt ? [{ label: t('profile.deleted'), value: dateTime(profile.deletedAt) }] : []),
          ]}
        />
        {frozen && (
          <p className={styles.frozen}>
            {t('profile.frozen', { reason: t(`freeze.reasons.${frozen.reason}`), by: frozen.by ?? '—', since: dateTime(frozen.since) })}
            {frozen.note ? ` — ${frozen.note}` : ''}
          </p>
        )}
        <p>
          <Link to={`${opsPaths.audit}?userId=${encodeURIComponent(profile.id)}`}>{t('profile.auditTrail')}</Link>
        </p>
      </Panel>

      <Panel title={t('balances.title')}>
        <Details
          items={balances.flatMap((b) => [
            { key: `${b.currency}-a`, label: t('balances.available', { currency: b.currency }), value: money(b.available) },
            { key: `${b.currency}-h`, label: t('balances.held', { currency: b.currency }), value: money(b.held) },
          ])}
        />
      </Panel>

      <Panel
        title={t('verification.title')}
        actions={canDecide && verification.status === 'under_verification' && !profile.deletedAt ? <KycDecisionButtons user={{ id: profile.id, name }} /> : undefined}
      >
        <Details
          items={[
            { label: t('verification.status'), value: <VerificationBadge status={verification.status} /> },
            { label: t('verification.kyc'), value: <KycResult check={verification.kyc} /> },
            ...(verification.request
              ? [{ label: t('verification.requested'), value: verification.request.items.map((item) => t(`errors:verification.verificationItems.${item}`)).join('; ') }]
              : []),
          ]}
        />
        <VerificationHistory events={verification.history} />
      </Panel>

      <CardsPanel />
      <SessionsPanel userId={profile.id} />
      <NotesPanel userId={profile.id} />
      <LedgerPanel />
      <KycDecisionDialog />
      <BlockCardDialog />
      <EndSessionsDialog />
    </div>
  );
}

function VerificationHistory({ events }: { events: readonly VerificationEvent[] }) {
  const { t } = useTranslation(['ops-users', 'errors']);
  const { dateTime } = useFormatters();
  const columns: Column<VerificationEvent>[] = [
    { key: 'at', header: t('history.at'), cell: (e) => dateTime(e.at) },
    { key: 'action', header: t('history.action'), cell: (e) => t(`history.actions.${e.action}`) },
    { key: 'who', header: t('history.who'), cell: (e) => e.operator?.name ?? t(`history.actors.${e.actor}`) },
    {
      key: 'what',
      header: t('history.details'),
      cell: (e) =>
        [
          e.providerOutcome ? t(`kyc.status.${e.providerOutcome}`) : null,
          e.freezeReason ? t(`freeze.reasons.${e.freezeReason}`) : null,
          e.items.length ? e.items.map((item) => t(`errors:verification.verificationItems.${item}`)).join('; ') : null,
          e.reason,
        ]
          .filter(Boolean)
          .join(' · '),
    },
  ];
  return <DataTable caption={t('history.title')} columns={columns} rows={[...events].reverse()} rowKey={(e) => e.id} empty={t('none')} />;
}

function CardsPanel() {
  const { t } = useTranslation(['ops-users', 'cards', 'errors']);
  const { money, dateTime } = useFormatters();
  const [cards, error] = useUnit([$cards, $panelsError]);
  const canBlock = useCan('support');
  const columns: Column<OpsCard>[] = [
    { key: 'card', header: t('cards.card'), cell: (c) => `${c.productName}${c.last4 ? ` •${c.last4}` : ''}` },
    { key: 'status', header: t('cards.status'), cell: (c) => <Badge>{[t(`cards:status.${c.status}`, { defaultValue: c.status }), c.statusReason && t(`errors:reasons.${c.statusReason}`, { defaultValue: c.statusReason })].filter(Boolean).join(' · ')}</Badge> },
    { key: 'balance', header: t('cards.balance'), numeric: true, cell: (c) => money(c.balance) },
    {
      key: 'events',
      header: t('cards.events'),
      cell: (c) => (
        <details>
          <summary>{t('cards.eventCount', { count: c.events.length })}</summary>
          <ul className={styles.events}>
            {c.events.map((e, i) => (
              <li key={i}>
                {dateTime(e.at)}: {e.from ?? '∅'} → {e.to} ({e.event}
                {e.reason ? `, ${e.reason}` : ''})
              </li>
            ))}
          </ul>
        </details>
      ),
    },
    { key: 'action', header: t('cards.actions'), cell: (c) => (canBlock && c.blockable ? <BlockCardButton cardId={c.id} label={`${c.productName}${c.last4 ? ` •${c.last4}` : ''}`} /> : null) },
  ];
  return (
    <Panel title={t('cards.title')}>
      <ErrorText message={error} />
      <DataTable caption={t('cards.title')} columns={columns} rows={cards} rowKey={(c) => c.id} empty={t('cards.empty')} />
    </Panel>
  );
}

function SessionsPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('ops-users');
  const { dateTime } = useFormatters();
  const sessions = useUnit($sessions);
  const canEnd = useCan('support');
  const columns: Column<OpsSession>[] = [
    { key: 'device', header: t('sessions.device'), cell: (s) => [s.device, s.platform && s.clientVersion ? `${s.platform} ${s.clientVersion}` : s.platform, s.country].filter(Boolean).join(' · ') || '—' },
    { key: 'since', header: t('sessions.since'), cell: (s) => dateTime(s.createdAt) },
    { key: 'seen', header: t('sessions.lastSeen'), cell: (s) => dateTime(s.lastSeenAt) },
    { key: 'state', header: t('sessions.state'), cell: (s) => (s.endedAt ? t('sessions.ended', { at: dateTime(s.endedAt) }) : <Badge tone="success">{t('sessions.active')}</Badge>) },
    { key: 'action', header: t('sessions.actions'), cell: (s) => (canEnd && !s.endedAt ? <EndSessionsButton userId={userId} sessionId={s.id} /> : null) },
  ];
  return (
    <Panel title={t('sessions.title')} actions={canEnd && sessions.some((s) => !s.endedAt) ? <EndSessionsButton userId={userId} sessionId={null} /> : undefined}>
      <DataTable caption={t('sessions.title')} columns={columns} rows={sessions} rowKey={(s) => s.id} empty={t('sessions.empty')} />
    </Panel>
  );
}

function NotesPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('ops-users');
  const { dateTime } = useFormatters();
  const notes = useUnit($notes);
  const canWrite = useCan('support', 'compliance');
  return (
    <Panel title={t('notes.title')}>
      {notes.length === 0 && <p className={styles.hint}>{t('notes.empty')}</p>}
      <ul className={styles.notes}>
        {notes.map((note: UserNote) => (
          <li key={note.id}>
            <p className={styles.noteText}>{note.text}</p>
            <p className={styles.hint}>
              {note.operator.name} · {dateTime(note.createdAt)}
            </p>
          </li>
        ))}
      </ul>
      {canWrite && <AddNote userId={userId} />}
    </Panel>
  );
}

function LedgerPanel() {
  const { t } = useTranslation(['ops-users', 'ops-common']);
  const { money, dateTime } = useFormatters();
  const [items, hasMore, loading] = useUnit([ledgerList.$items, ledgerList.$hasMore, ledgerList.$loading]);
  const more = useUnit(ledgerList.moreRequested);
  const columns: Column<LedgerEntryView>[] = [
    { key: 'at', header: t('ledger.at'), cell: (e) => dateTime(e.createdAt) },
    { key: 'type', header: t('ledger.type'), cell: (e) => <code>{e.type}</code> },
    { key: 'account', header: t('ledger.account'), cell: (e) => <code>{e.accountId}</code> },
    { key: 'status', header: t('ledger.status'), cell: (e) => t(`ledger.statuses.${e.status}`) },
    { key: 'amount', header: t('ledger.amount'), numeric: true, cell: (e) => money(e.amount, { signDisplay: 'exceptZero' }) },
    { key: 'ref', header: t('ledger.reference'), cell: (e) => (e.reference ? <code>{e.reference}</code> : '') },
  ];
  return (
    <Panel title={t('ledger.title')}>
      <DataTable caption={t('ledger.title')} columns={columns} rows={items} rowKey={(e) => `${e.transactionId}:${e.accountId}:${e.amount.amount}`} empty={t('ledger.empty')} />
      {hasMore && <LoadMore loading={loading} onLoadMore={() => more()} label={t('ops-common:loadMore')} />}
    </Panel>
  );
}
