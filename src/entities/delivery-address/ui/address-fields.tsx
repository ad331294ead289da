import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import { SHIPPING_COUNTRIES, US_STATES, type AddressField } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { Select, TextField } from '@/shared/ui';
import { countryName } from '../lib/format';
import { deliveryAddressTexts } from '../i18n/texts';
import type { AddressForm } from '../model/address-form';
import styles from './address-fields.module.css';

export interface AddressFieldsProps {
  form: AddressForm;
  disabled?: boolean;
}

/** The delivery address inputs; rules and texts per country (RU, US, others). */
export function AddressFields({ form, disabled }: AddressFieldsProps) {
  const { t } = useTranslation(deliveryAddressTexts.ns);
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? 'en';
  const [texts, errors, change] = useUnit([form.$texts, form.$errors, form.fieldChanged]);
  const countries = useMemo(
    () =>
      SHIPPING_COUNTRIES.map((code) => ({ value: code, label: countryName(code, lang) })).sort((a, b) =>
        a.value === 'RU' || a.value === 'US' ? -1 : b.value === 'RU' || b.value === 'US' ? 1 : a.label.localeCompare(b.label, lang),
      ),
    [lang],
  );
  const rule = texts.country === 'RU' || texts.country === 'US' ? texts.country : 'other';
  const error = (field: AddressField) => (errors[field] ? t(`problem.${errors[field]}`, { context: field === 'postcode' ? rule : undefined }) : undefined);
  const text = (field: Exclude<AddressField, 'country'>, extra: { autoComplete: string; hint?: string; label?: string; inputMode?: 'text' | 'numeric' }) => (
    <TextField
      label={extra.label ?? t(`${field}`)}
      name={field}
      autoComplete={extra.autoComplete}
      inputMode={extra.inputMode}
      value={texts[field]}
      onChange={(event) => change({ field, value: event.target.value })}
      hint={extra.hint}
      error={error(field)}
      disabled={disabled}
    />
  );
  return (
    <div className={styles.fields}>
      <Select
        label={t('country')}
        name="country"
        autoComplete="shipping country"
        placeholder={t('countryPlaceholder')}
        options={countries}
        value={texts.country}
        onChange={(event) => change({ field: 'country', value: event.target.value })}
        error={error('country')}
        disabled={disabled}
      />
      {text('recipient', { autoComplete: 'shipping name', hint: t('recipientHint') })}
      {text('line1', { autoComplete: 'shipping address-line1' })}
      {text('line2', { autoComplete: 'shipping address-line2', hint: t('optional') })}
      {text('city', { autoComplete: 'shipping address-level2' })}
      {rule === 'US' ? (
        <Select
          label={t('state')}
          name="region"
          autoComplete="shipping address-level1"
          placeholder={t('statePlaceholder')}
          options={US_STATES.map((code) => ({ value: code, label: code }))}
          value={texts.region}
          onChange={(event) => change({ field: 'region', value: event.target.value })}
          error={error('region')}
          disabled={disabled}
        />
      ) : (
        text('region', { autoComplete: 'shipping address-level1', hint: t('optional') })
      )}
      {text('postcode', {
        autoComplete: 'shipping postal-code',
        inputMode: rule === 'other' ? 'text' : 'numeric',
        hint: t(`postcodeHint_${rule}`),
      })}
    </div>
  );
}
