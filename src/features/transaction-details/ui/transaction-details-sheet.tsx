import { useUnit } from 'effector-react';
import { useEffect, type ReactNode } from 'react';
import { CardStatusBadge } from '@/entities/card';
import { failureText, transactionTexts, transactionTitle } from '@/entities/transaction';
import { formatRate } from '@/entities/exchange-rate';
import type { TimelineStep } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { cn } from '@/shared/lib';
import { Alert, Amount, Badge, Button, ErrorState, IconCopy, List, ListItem, Section, Skeleton, Sheet, SummaryList, type SummaryRow } from '@/shared/ui';
import {
  amountLinesOf,
  createdAtOf,
  explorerUrlOf,
  failureCodeOf,
  headlineOf,
  idLinesOf,
  markerOf,
  statusOf,
  type AmountLine,
  type Marker,
  type TransactionDetails,
} from '../lib/details-view';
import { receiptText } from '../lib/receipt-text';
import { $copiedId, idCopyRequested } from '../model/copy';
import { $receiptError, $receiptStatus, receiptDownloadPressed, receiptSharePressed } from '../model/receipt';
import { explorerOpened } from '../model/explorer';
import { $detailsOpen, relatedCardPressed, transactionDetailsClosed } from '../model/details';
import { $details, $detailsError, $detailsState, detailsSheetMounted, transactionDetailsRetried } from '../model/load';
import { transactionDetailsTexts } from '../i18n/texts';
import styles from './transaction-details-sheet.module.css';

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The sheet's namespaces, looked up in this order by an unprefixed key (`nsMode: 'fallback'`: i18next tries each): its own words, the labels a
 * receipt prints too (`transactions`, shared with the server), why a deposit is held (the transaction entity's).
 * `ids.<kind>`, `amounts.<kind>` and `sections.<name>` are found in whichever of the first two has them.
 */
const SHEET_NAMESPACES = [transactionDetailsTexts.ns, 'transactions', transactionTexts.ns, 'wallet', 'errors'];

function titleOf(details: TransactionDetails, t: T): string {
  if (details.kind === 'wallet') return transactionTitle(details.data.transaction, t);
  if (details.kind === 'trade') return details.data.trade.merchant.name;
  const tx = details.data.transaction;
  return tx.merchantName ?? t(`transactions:cardTransaction.type.${tx.type}`);
}

function statusBadge(details: TransactionDetails, marker: Marker, t: T): ReactNode {
  if (marker === 'declined') return <Badge tone="danger">{t('status.declined')}</Badge>;
  if (marker === 'held') return <Badge tone="warning">{t('status.held')}</Badge>;
  const status = statusOf(details);
  const tone = status === 'completed' ? 'success' : status === 'failed' || status === 'declined' ? 'danger' : 'warning';
  return <Badge tone={tone}>{t(`status.${status}`)}</Badge>;
}

function Timeline({ steps, marker }: { steps: TimelineStep[]; marker: Marker }) {
  const { t } = useTranslation(transactionDetailsTexts.ns);
  const format = useFormatters();
  const label = (step: TimelineStep) => {
    if (step.stage === 'processing' && marker === 'held') return t('timeline.held');
    if (step.stage === 'failed' && marker === 'declined') return t('timeline.declined');
    return t(`timeline.${step.stage}`);
  };
  return (
    <ol className={styles.timeline} data-testid="details-timeline">
      {steps.map((step) => (
        <li
          key={step.stage}
          className={cn(styles.step, styles[step.state], step.stage === 'failed' && styles.failedStep)}
          aria-current={step.state === 'current' ? 'step' : undefined}
          data-stage={step.stage}
          data-state={step.state}
        >
          <span className={styles.dot} aria-hidden />
          <span className={styles.stepLabel}>{label(step)}</span>
          <span className={styles.stepTime}>
            {step.at ? (
              <time dateTime={step.at}>{format.dateTime(step.at)}</time>
            ) : step.state === 'current' ? (
              t('timeline.current')
            ) : step.state === 'upcoming' ? (
              t('timeline.upcoming')
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

function amountRow(line: AmountLine, index: number, t: T, money: (value: AmountLine['value']) => ReactNode): SummaryRow {
  const label =
    line.kind === 'fee'
      ? line.reason
        ? t(`wallet:transaction.commission.${line.reason}`)
        : t('amounts.fee')
      : t(`amounts.${line.kind}`);
  return { id: `${line.kind}-${index}`, label, value: money(line.value), total: line.total };
}

function Content({ details }: { details: TransactionDetails }) {
  const { t } = useTranslation(SHEET_NAMESPACES, { nsMode: 'fallback' });
  const format = useFormatters();
  const [copied, copy, openCard, openExplorer] = useUnit([$copiedId, idCopyRequested, relatedCardPressed, explorerOpened]);
  const marker = markerOf(details);
  const explorerUrl = explorerUrlOf(details);
  const failure = failureCodeOf(details);
  const status = statusOf(details);
  const createdAt = createdAtOf(details);
  const money = (value: AmountLine['value']) => ('decimal' in value ? `${format.exact(value.decimal)} ${value.unit}` : format.money(value));
  const amountRows: SummaryRow[] = [
    { id: 'date', label: t('date'), value: <time dateTime={createdAt}>{format.dateTime(createdAt)}</time> },
    ...amountLinesOf(details).map((line, index) => amountRow(line, index, t, money)),
  ];
  if (details.kind === 'wallet' && details.data.transaction.type === 'currencyExchange') {
    const exchange = details.data.transaction;
    amountRows.splice(1, 0, {
      id: 'rate',
      label: t('amounts.rate'),
      value: t('amounts.rateValue', { from: exchange.amount.currency, to: exchange.details.counterAmount.currency, rate: formatRate(exchange.details.rate, format.lang) }),
    });
  }
  const card = details.data.card;
  const payment = details.kind === 'wallet' ? details.data.sbpPayment : null;
  const trade = details.kind === 'card' ? details.data.trade : details.kind === 'trade' ? details.data.trade : null;
  const held = details.kind === 'wallet' && details.data.transaction.type === 'usdtDeposit' ? details.data.transaction.details.hold : null;

  return (
    <div className={styles.content} data-testid="transaction-details">
      <header className={styles.head}>
        <p className={styles.kind}>{titleOf(details, t)}</p>
        <Amount
          value={headlineOf(details)}
          size="xl"
          signDisplay="always"
          tone={status === 'completed' ? 'auto' : 'plain'}
          className={cn((status === 'failed' || status === 'declined' || status === 'reversed') && styles.struck)}
        />
        {statusBadge(details, marker, t)}
      </header>

      {held && (
        <Alert tone="warning">
          {t(`hold.reasons.${held.reason}`)} {t('hold.marker')}
        </Alert>
      )}
      {failure && <Alert tone="danger">{t('reason', { reason: failureText(failure, t) })}</Alert>}

      <Section title={t('timeline.title')}>
        <Timeline steps={details.data.timeline} marker={marker} />
      </Section>

      <Section title={t('sections.amounts')}>
        <SummaryList inset rows={amountRows} />
      </Section>

      {trade && (
        <Section title={t('sections.merchant')}>
          <SummaryList
            inset
            rows={[
              { id: 'name', label: t('merchant.name'), value: trade.merchant.name },
              ...(trade.merchant.mcc ? [{ id: 'mcc', label: t('merchant.mcc'), value: trade.merchant.mcc }] : []),
              ...(trade.merchant.country ? [{ id: 'country', label: t('merchant.country'), value: trade.merchant.country }] : []),
            ]}
          />
        </Section>
      )}

      {card && (
        <Section title={t('sections.card')}>
          <List>
            <ListItem
              onClick={() => openCard(card.id)}
              chevron
              title={card.productName}
              subtitle={
                <span aria-label={t('card.open')}>{card.maskedNumber ?? t('card.unnamed')}</span>
              }
              trailing={<CardStatusBadge status={card.status} />}
            />
          </List>
        </Section>
      )}

      {payment && (
        <Section title={t('sections.payment')}>
          <SummaryList
            inset
            rows={[
              { id: 'status', label: t('payment.status'), value: t(`payment.statuses.${payment.status}`) },
              { id: 'amount', label: t('amounts.amount'), value: format.money(payment.amount) },
            ]}
          />
        </Section>
      )}

      <Receipt details={details} />

      <Section title={t('sections.ids')}>
        <ul className={styles.ids}>
          {idLinesOf(details).map((line) => {
            const what = t(`ids.${line.kind}`);
            return (
              <li key={line.kind} className={styles.id} data-id-kind={line.kind}>
                <span className={styles.idText}>
                  <span className={styles.idLabel}>{what}</span>
                  <code className={styles.idValue}>{line.value}</code>
                </span>
                <Button
                  variant="plain"
                  size="m"
                  icon={<IconCopy size={18} />}
                  aria-label={t('copy.button', { what })}
                  onClick={() => copy({ kind: line.kind, value: line.value })}
                >
                  {copied === line.kind ? t('copy.done') : null}
                </Button>
              </li>
            );
          })}
        </ul>
        {explorerUrl && (
          <Button variant="plain" size="m" onClick={() => openExplorer(explorerUrl)}>
            {t('ids.explorer')}
          </Button>
        )}
      </Section>
    </div>
  );
}

/** "Download receipt" (a PDF from the server) and "Share" (a text receipt to the share sheet, or copied). */
function Receipt({ details }: { details: TransactionDetails }) {
  const { t } = useTranslation([...SHEET_NAMESPACES, 'platform'], { nsMode: 'fallback' });
  const format = useFormatters();
  const [status, error, download, share] = useUnit([$receiptStatus, $receiptError, receiptDownloadPressed, receiptSharePressed]);
  const marker = markerOf(details);
  const statusText = marker === 'declined' || marker === 'held' ? t(`status.${marker}`) : t(`status.${statusOf(details)}`);
  const title = titleOf(details, t);
  const message =
    status === 'telegram'
      ? t('receipt.doneTelegram')
      : status === 'browser'
        ? t('receipt.done')
        : status === 'failed'
          ? error
            ? t(error.keys, { defaultValue: error.defaultValue })
            : t('receipt.failed')
          : null;
  return (
    <div className={styles.receipt} data-testid="receipt-actions">
      <div className={styles.receiptButtons}>
        <Button variant="secondary" size="m" fullWidth loading={status === 'pending'} onClick={() => download()}>
          {t('receipt.download')}
        </Button>
        <Button
          variant="secondary"
          size="m"
          fullWidth
          onClick={() => share({ title, text: receiptText(details, title, statusText, { t: (key, options) => t(key, options), price: format.price, dateTime: format.dateTime }) })}
        >
          {t('receipt.share')}
        </Button>
      </div>
      {message && (
        <p className={styles.receiptMessage} role={status === 'failed' ? 'alert' : 'status'}>
          {message}
        </p>
      )}
    </div>
  );
}

/** The details sheet: a modal dialog titled "Transaction details" (Escape, the close button and back close it). */
export default function TransactionDetailsSheet() {
  const { t } = useTranslation([transactionDetailsTexts.ns, 'errors']);
  const [open, details, state, error, close, retry, mounted] = useUnit([
    $detailsOpen,
    $details,
    $detailsState,
    $detailsError,
    transactionDetailsClosed,
    transactionDetailsRetried,
    detailsSheetMounted,
  ]);
  // The first open may have come before this chunk: load what is open now.
  useEffect(() => {
    mounted();
  }, [mounted]);
  let body: ReactNode;
  if (details) body = <Content details={details} />;
  else if (state === 'error' && error)
    body = <ErrorState title={t('errors.loadFailed')} message={t(error.keys, { defaultValue: error.defaultValue })} onRetry={() => retry()} />;
  else
    body = (
      <div className={styles.loading} role="status" aria-label={t('loading')}>
        <Skeleton height={28} width="50%" />
        <Skeleton height={40} width="70%" />
        <Skeleton height={120} />
        <Skeleton height={96} />
      </div>
    );
  return (
    <Sheet open={open} onClose={() => close()} title={t('title')}>
      {body}
    </Sheet>
  );
}
