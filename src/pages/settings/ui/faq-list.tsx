import { useUnit } from 'effector-react';
import { useId } from 'react';
import type { AppConfig } from '@/shared/contract';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { cn } from '@/shared/lib';
import { IconChevronRight } from '@/shared/ui';
import { FAQ_ITEMS, type FaqItemId } from '../config/faq';
import { settingsTexts } from '../i18n/texts';
import { $openFaqItems, $settingsConfig, faqToggled } from '../model/settings';
import styles from './settings-page.module.css';

type Formatters = ReturnType<typeof useFormatters>;

/** Live values from GET /api/config for the answers that quote limits (none until it has loaded). */
function limitsOf(id: FaqItemId, config: AppConfig | null, format: Formatters): Record<string, string> | null {
  if (!config) return null;
  switch (id) {
    case 'usdt':
      return { minDeposit: format.price(config.usdt.minDeposit), confirmations: format.number(config.usdt.confirmations) };
    case 'sbp':
      return {
        min: format.price(config.sbp.minAmount),
        max: format.price(config.sbp.maxAmount),
        minutes: format.number(Math.round(config.sbp.paymentTtlSeconds / 60)),
      };
    case 'exchange':
      return {
        fee: format.number(config.exchange.feeBps / 10_000, { style: 'percent', maximumFractionDigits: 2 }),
        seconds: format.number(config.exchange.quoteTtlSeconds),
      };
    case 'sensitive':
      return { seconds: format.number(config.cards.sensitiveDataTtlSeconds) };
    default:
      return null;
  }
}

function FaqItem({ id }: { id: FaqItemId }) {
  const { t } = useTranslation(settingsTexts.ns);
  const format = useFormatters();
  const [open, config, toggle] = useUnit([$openFaqItems, $settingsConfig, faqToggled]);
  const expanded = open.includes(id);
  const panelId = useId();
  const buttonId = useId();
  const limits = limitsOf(id, config, format);
  return (
    <li className={styles.faqItem}>
      <h3 className={styles.faqHeading}>
        <button
          type="button"
          id={buttonId}
          className={styles.faqButton}
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => toggle(id)}
        >
          <span>{t(`faq.${id}.q`)}</span>
          <IconChevronRight size={18} className={cn(styles.faqChevron, expanded && styles.faqChevronOpen)} />
        </button>
      </h3>
      <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!expanded} className={styles.faqAnswer}>
        <p>{t(`faq.${id}.a`)}</p>
        {limits && <p className={styles.faqLimits}>{t(`faq.${id}.limits`, limits)}</p>}
      </div>
    </li>
  );
}

/** Expandable questions and answers (buttons with aria-expanded controlling their answer region). */
export function FaqList() {
  return (
    <ul className={styles.faq}>
      {FAQ_ITEMS.map((id) => (
        <FaqItem key={id} id={id} />
      ))}
    </ul>
  );
}
