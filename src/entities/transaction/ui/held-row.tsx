import { useTranslation } from '@/shared/i18n';
import { transactionTexts } from '../i18n/texts';
import { Row } from './row';
import type { TransactionRowProps } from './transaction-row';

const NAMESPACES = ['wallet', transactionTexts.ns];

/**
 * A held USDT deposit's row with the note saying why it is held. Its own chunk (transaction-row.tsx loads it lazily):
 * importing the texts declares them, so they are fetched only when a held deposit shows, never on the first paint.
 */
export default function HeldRow(props: TransactionRowProps) {
  const { t } = useTranslation(NAMESPACES);
  return <Row {...props} namespaces={NAMESPACES} holdNote={(reason) => t(`${transactionTexts.ns}:hold.note`, { reason: t(`${transactionTexts.ns}:hold.reasons.${reason}`) })} />;
}
