import { useUnit } from 'effector-react';
import { cardProductTexts, $product } from '@/entities/card-product';
import { AddressFields, addressLines, deliveryAddressTexts } from '@/entities/delivery-address';
import { MoneyBlockNotice } from '@/entities/user';
import { WalletFunds } from '@/entities/wallet';
import { useFormatters, useTranslation } from '@/shared/i18n';
import { depositBounds, type IssueCharge } from '@/shared/money';
import { Alert, Button, PrimaryAction, Section, Sheet, SummaryList, TextField, type SummaryRow } from '@/shared/ui';
import {
  $charge,
  $confirmationOpen,
  $depositError,
  $depositInput,
  $issueBlock,
  $issuing,
  $needsAddress,
  $shortfall,
  addressForm,
  confirmationClosed,
  depositChanged,
  issueConfirmed,
  issuePressed,
} from '../model/issue';
import { cardTexts } from '@/entities/card';
import { cardIssueTexts } from '../i18n/texts';
import styles from './issue-form.module.css';
import { useVerticalSwipesOff } from '@/shared/platform';

/** issue cost + deposit + deposit fee = total. */
function useChargeRows(charge: IssueCharge | null, totalLabel: string): SummaryRow[] {
  const { t } = useTranslation([cardIssueTexts.ns, cardProductTexts.ns, cardTexts.ns]);
  const format = useFormatters();
  if (!charge) return [];
  return [
    { id: 'issueCost', label: t(`${cardProductTexts.ns}:product.issueCost`), value: format.price(charge.issueCost) },
    { id: 'deposit', label: t(`${cardIssueTexts.ns}:deposit`), value: format.price(charge.deposit) },
    { id: 'depositFee', label: t(`${cardProductTexts.ns}:product.depositFee`), value: format.price(charge.depositFee) },
    { id: 'total', label: totalLabel, value: format.price(charge.total), total: true },
  ];
}

/** Why the user cannot issue a card (SPEC §1 account states). */
export function IssueBlockNotice() {
  const { t } = useTranslation([cardIssueTexts.ns, cardProductTexts.ns, cardTexts.ns, 'errors']);
  return (
    <MoneyBlockNotice
      underVerification={{ title: t(`${cardIssueTexts.ns}:underVerificationTitle`), text: t(`${cardIssueTexts.ns}:underVerificationText`) }}
      verificationFailed={{ title: t(`${cardIssueTexts.ns}:verificationFailedTitle`), text: t('errors:verification.failed') }}
    />
  );
}

/** The initial deposit input and what the wallet will be charged. */
export function IssueForm() {
  const { t } = useTranslation([cardIssueTexts.ns, cardProductTexts.ns, cardTexts.ns]);
  const format = useFormatters();
  const [product, input, error, charge, block, shortfall] = useUnit([$product, $depositInput, $depositError, $charge, $issueBlock, $shortfall]);
  const onChange = useUnit(depositChanged);
  const rows = useChargeRows(charge, t(`${cardIssueTexts.ns}:total`));
  // An amount is being entered on this screen: Telegram's swipe-down-to-close stays off meanwhile (7.7+).
  useVerticalSwipesOff(product !== null);
  if (!product) return null;
  const bounds = depositBounds(product, 'initial');
  const range = { min: format.price(bounds.min), max: format.price(bounds.max) };
  return (
    <>
    <Section title={t(`${cardIssueTexts.ns}:depositSection`)}>
      <div className={styles.form}>
        <TextField
          label={t(`${cardIssueTexts.ns}:depositLabel`, { currency: product.currency })}
          inputMode="decimal"
          autoComplete="off"
          enterKeyHint="done"
          value={input}
          onChange={(event) => onChange(event.target.value)}
          hint={t(`${cardIssueTexts.ns}:depositHint`, range)}
          error={error ? t(`${cardTexts.ns}:amount.${error}`, range) : undefined}
          disabled={block !== null}
          name="initialDeposit"
        />
        {charge && <SummaryList rows={rows} />}
        {block === null && <WalletFunds currency={product.currency} shortfall={shortfall} />}
      </div>
    </Section>
    {product.form === 'physical' && <DeliveryAddressSection disabled={block !== null} />}
    </>
  );
}

/** A physical card's delivery address (card controls). */
function DeliveryAddressSection({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation(deliveryAddressTexts.ns);
  return (
    <Section title={t('section')} footer={t('sectionHint')} data-testid="delivery-address">
      <div className={styles.form}>
        <AddressFields form={addressForm} disabled={disabled} />
      </div>
    </Section>
  );
}

/** The address in the confirmation. */
function ConfirmAddress() {
  const { t, i18n } = useTranslation(deliveryAddressTexts.ns);
  const [needed, address] = useUnit([$needsAddress, addressForm.$value]);
  if (!needed) return null;
  return (
    <p className={styles.lead}>
      <strong>{t('confirmLabel')}:</strong> {addressLines(address, i18n.resolvedLanguage ?? 'en').join(', ')}
    </p>
  );
}

/** "Issue card": validates and opens the confirmation. */
export function IssueButton() {
  const { t } = useTranslation([cardIssueTexts.ns, cardProductTexts.ns, cardTexts.ns]);
  const [block, issuing, press] = useUnit([$issueBlock, $issuing, issuePressed]);
  return (
    <PrimaryAction onClick={() => press()} disabled={block !== null} loading={issuing}>
      {t(`${cardIssueTexts.ns}:submit`)}
    </PrimaryAction>
  );
}

/** The confirmation step: everything that will be charged from the wallet, then the request. */
export function IssueConfirmation() {
  const { t } = useTranslation([cardIssueTexts.ns, cardProductTexts.ns, cardTexts.ns]);
  const [open, product, charge, issuing, shortfall] = useUnit([$confirmationOpen, $product, $charge, $issuing, $shortfall]);
  const [close, confirm] = useUnit([confirmationClosed, issueConfirmed]);
  const chargeRows = useChargeRows(charge, t(`${cardIssueTexts.ns}:youWillBeCharged`));
  if (!product || !charge) return null;
  return (
    <Sheet
      open={open}
      onClose={() => close()}
      title={t(`${cardIssueTexts.ns}:confirmTitle`)}
      footer={
        <div className={styles.actions}>
          <PrimaryAction onClick={() => confirm()} loading={issuing} disabled={shortfall !== null}>
            {t(`${cardIssueTexts.ns}:confirm`)}
          </PrimaryAction>
          <PrimaryAction slot="secondary" variant="plain" onClick={() => close()} disabled={issuing}>
            {t(`${cardIssueTexts.ns}:cancel`)}
          </PrimaryAction>
        </div>
      }
    >
      <p className={styles.lead}>{t(`${cardIssueTexts.ns}:confirmText`, { product: product.name, currency: product.currency })}</p>
      <SummaryList rows={chargeRows} />
      <ConfirmAddress />
      <WalletFunds currency={product.currency} shortfall={shortfall} />
    </Sheet>
  );
}
