import { useUnit } from 'effector-react';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { cn } from '@/shared/lib';
import { Button, Section, Sheet, TextField } from '@/shared/ui';
import {
  $editOpen,
  $limitErrors,
  $limits,
  $monthlyInput,
  $perPurchaseInput,
  $saving,
  limitsCleared,
  limitsEditClosed,
  limitsEditOpened,
  limitsSaved,
  monthlyChanged,
  perPurchaseChanged,
} from '../model/limits';
import { cardLimitsTexts } from '../i18n/texts';
import { meterValues } from '../lib/meter';
import styles from './limits-section.module.css';

/** The card's spending limits, what was spent this month, and "Set limits" (a sheet). */
export function LimitsSection() {
  const { t } = useTranslation(cardLimitsTexts.ns);
  const format = useFormatters();
  const [limits, open] = useUnit([$limits, limitsEditOpened]);
  if (!limits) return null;
  const noLimit = t('none');
  const monthly = limits.monthly;
  const meter = monthly ? meterValues(limits.spentThisMonth, monthly, format.amountsHidden) : null;
  const share = meter?.share ?? 0;
  const renews = format.date(limits.monthEndsAt, { day: 'numeric', month: 'long', timeZone: 'UTC' });
  return (
    <Section title={t('title')} footer={t('footer')} data-testid="card-limits">
      <div className={styles.rows}>
        <div className={styles.row}>
          <span className={styles.label}>{t('perPurchase')}</span>
          <span className={styles.value}>{limits.perPurchase ? format.price(limits.perPurchase) : noLimit}</span>
        </div>
        <div className={styles.row}>
          <span className={styles.label}>{t('monthly')}</span>
          <span className={styles.value}>{monthly ? format.price(monthly) : noLimit}</span>
        </div>
        {monthly && meter && (
          <div
            className={styles.meter}
            role="meter"
            aria-valuemin={0}
            aria-valuemax={meter.max}
            aria-valuenow={meter.now}
            aria-label={t('spentOf', { spent: format.money(limits.spentThisMonth), limit: format.money(monthly) })}
          >
            <div className={cn(styles.meterFill, share >= 1 && styles.meterFull)} style={{ width: `${share * 100}%` }} />
          </div>
        )}
        <p className={styles.note}>
          {monthly
            ? t('spentOf', { spent: format.money(limits.spentThisMonth), limit: format.money(monthly) })
            : t('spent', { spent: format.money(limits.spentThisMonth) })}{' '}
          {t('renews', { date: renews })}
        </p>
      </div>
      {limits.editable && (
        <div className={styles.edit}>
          <Button variant="secondary" size="m" fullWidth onClick={() => open()}>
            {t('edit')}
          </Button>
        </div>
      )}
      <LimitsSheet />
    </Section>
  );
}

function LimitsSheet() {
  const { t } = useTranslation(cardLimitsTexts.ns);
  const [open, limits, perPurchase, monthly, errors, saving] = useUnit([$editOpen, $limits, $perPurchaseInput, $monthlyInput, $limitErrors, $saving]);
  const [close, save, clear, onPerPurchase, onMonthly] = useUnit([limitsEditClosed, limitsSaved, limitsCleared, perPurchaseChanged, monthlyChanged]);
  if (!limits) return null;
  const currency = limits.spentThisMonth.currency;
  const hasAny = limits.perPurchase !== null || limits.monthly !== null;
  return (
    <Sheet
      open={open}
      onClose={() => close()}
      title={t('sheetTitle')}
      footer={
        <div className={styles.actions}>
          <Button fullWidth onClick={() => save()} loading={saving}>
            {t('save')}
          </Button>
          {hasAny && (
            <Button fullWidth variant="plain" onClick={() => clear()} disabled={saving}>
              {t('clear')}
            </Button>
          )}
        </div>
      }
    >
      <form
        className={styles.form}
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <TextField
          label={t('perPurchaseLabel', { currency })}
          inputMode="decimal"
          autoComplete="off"
          name="perPurchase"
          value={perPurchase}
          onChange={(event) => onPerPurchase(event.target.value)}
          hint={t('emptyHint')}
          error={errors.perPurchase ? t(`problem.${errors.perPurchase}`) : undefined}
        />
        <TextField
          label={t('monthlyLabel', { currency })}
          inputMode="decimal"
          autoComplete="off"
          name="monthly"
          value={monthly}
          onChange={(event) => onMonthly(event.target.value)}
          hint={t('monthlyHint')}
          error={errors.monthly ? t(`problem.${errors.monthly}`) : undefined}
        />
      </form>
    </Sheet>
  );
}
