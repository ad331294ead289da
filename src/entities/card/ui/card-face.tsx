import type { ReactNode } from 'react';
import type { Card } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { cn } from '@/shared/lib';
import { PaymentSchemeMark } from '@/shared/ui';
import { isDeadStatus } from '../lib/status';
import styles from './card-face.module.css';
import { cardTexts } from '../i18n/texts';

export interface CardFaceProps {
  card: Pick<Card, 'scheme' | 'form' | 'maskedNumber' | 'cardholderName' | 'productName' | 'status'>;
  /** Replaces the masked number (e.g. the revealed one). */
  number?: ReactNode;
  /** Extra line under the number (e.g. revealed expiry). */
  extra?: ReactNode;
  size?: 'm' | 's';
  className?: string;
}

/**
 * The card as a picture: gradient from the Telegram theme button colour, product name, scheme mark,
 * form, masked number, holder name. Frozen cards are cooled down, rejected/failed ones greyed out.
 */
export function CardFace({ card, number, extra, size = 'm', className }: CardFaceProps) {
  const { t } = useTranslation(cardTexts.ns);
  const masked = card.maskedNumber ?? '•••• ····';
  return (
    <div
      className={cn(
        styles.face,
        styles[size],
        card.status === 'frozen' || card.status === 'freezing' ? styles.frozen : undefined,
        isDeadStatus(card.status) ? styles.dead : undefined,
        className,
      )}
      role="img"
      aria-label={t('face.label', {
        product: card.productName,
        form: t(`form.${card.form}`),
        number: card.maskedNumber ?? t('face.noNumber'),
        holder: card.cardholderName,
      })}
    >
      <div className={styles.top} aria-hidden>
        <span className={styles.product}>{card.productName}</span>
        <PaymentSchemeMark scheme={card.scheme} variant="onCard" otherLabel={t('scheme.other')} />
      </div>
      <div className={styles.chip} aria-hidden />
      <div className={styles.number} aria-hidden>
        {number ?? masked}
      </div>
      {extra && <div className={styles.extra}>{extra}</div>}
      <div className={styles.bottom} aria-hidden>
        <span className={styles.holder}>{card.cardholderName}</span>
        <span className={styles.form}>{t(`form.${card.form}`)}</span>
      </div>
    </div>
  );
}
