import { useUnit } from 'effector-react';
import { $cardDelivery } from '@/entities/card';
import { addressLines } from '@/entities/delivery-address';
import { SHIPMENT_STAGES, type CardDelivery, type ShipmentStage } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { cn } from '@/shared/lib';
import { Section } from '@/shared/ui';
import { cardShippingTexts } from '../i18n/texts';
import styles from './shipping-tracker.module.css';

const timeOf = (delivery: CardDelivery, stage: ShipmentStage): string | null =>
  stage === 'ordered' ? delivery.orderedAt : stage === 'made' ? delivery.madeAt : stage === 'shipped' ? delivery.shippedAt : delivery.deliveredAt;

/** A physical card's way to its owner, as the issuer reports it, and where it goes. */
export function ShippingTracker() {
  const { t } = useTranslation(cardShippingTexts.ns);
  const format = useFormatters();
  const delivery = useUnit($cardDelivery);
  if (!delivery) return null;
  const reached = SHIPMENT_STAGES.indexOf(delivery.stage);
  return (
    <Section title={t('title')} data-testid="card-shipping">
      <ol className={styles.steps} aria-label={t('title')}>
        {SHIPMENT_STAGES.map((stage, index) => {
          const done = index <= reached;
          const at = timeOf(delivery, stage);
          return (
            <li key={stage} className={cn(styles.step, done && styles.done, index === reached && styles.current)} aria-current={index === reached ? 'step' : undefined} data-stage={stage} data-done={done || undefined}>
              <span className={styles.dot} aria-hidden>
                {done && <Check />}
              </span>
              <span>
                <span className={cn(styles.name, !done && styles.pendingName)}>{t(`stage.${stage}`)}</span>
                <span className={styles.time}>
                  {done && at
                    ? format.dateTime(at)
                    : stage === 'delivered' && delivery.expectedAt
                      ? t('expected', { date: format.date(delivery.expectedAt, { day: 'numeric', month: 'long' }) })
                      : t(`pending.${stage}`)}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
      {delivery.tracking && (
        <dl className={styles.tracking} data-testid="card-tracking">
          <div>
            <dt>{t('carrier')}</dt>
            <dd>{delivery.tracking.carrier}</dd>
          </div>
          <div>
            <dt>{t('trackingNumber')}</dt>
            <dd className={styles.trackingNumber}>{delivery.tracking.number}</dd>
          </div>
          {delivery.tracking.url && (
            <div>
              <dt className={styles.visuallyHidden}>{t('track')}</dt>
              <dd>
                <a href={delivery.tracking.url} target="_blank" rel="noopener noreferrer">
                  {t('track')}
                </a>
              </dd>
            </div>
          )}
        </dl>
      )}
      <address className={styles.address}>
        <span className={styles.addressLabel}>{t('address')}</span>
        {addressLines(delivery.address, format.lang).map((line) => (
          <span key={line} style={{ display: 'block' }}>
            {line}
          </span>
        ))}
      </address>
    </Section>
  );
}

function Check() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden focusable={false}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  );
}
