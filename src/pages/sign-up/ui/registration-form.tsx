import { useUnit } from 'effector-react';
import { useEffect, useRef } from 'react';
import { useAuthMessage } from '@/features/verify-email-code';
import { useTranslation } from '@/shared/i18n';
import { Button, FormStack, Select, TextField } from '@/shared/ui';
import { COUNTRIES, type FieldName } from '../lib/registration';
import {
  $canDetectCountry,
  $canUseTelegramPhone,
  $detectingCountry,
  $fieldErrors,
  $focusRequest,
  $prefillNotice,
  $values,
  detectCountryClicked,
  fieldChanged,
  formSubmitted,
  promoCodeCleared,
  telegramPhoneClicked,
} from '../model/sign-up';
import styles from './registration-form.module.css';

export const SIGN_UP_FORM_ID = 'sign-up-form';

export function RegistrationForm() {
  const { t } = useTranslation(['auth', 'errors']);
  const show = useAuthMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const [focusRequest, values, errors, prefillNotice, canUsePhone, canDetect, detecting] = useUnit([
    $focusRequest,
    $values,
    $fieldErrors,
    $prefillNotice,
    $canUseTelegramPhone,
    $canDetectCountry,
    $detectingCountry,
  ]);
  const [change, submit, clearPromo, usePhone, detectCountry] = useUnit([
    fieldChanged,
    formSubmitted,
    promoCodeCleared,
    telegramPhoneClicked,
    detectCountryClicked,
  ]);
  // A refused submit or a server error on a field (e.g. an unknown promo code): bring that field into view.
  useEffect(() => {
    if (!focusRequest) return;
    const element = formRef.current?.elements.namedItem(focusRequest.field);
    if (element instanceof HTMLElement) {
      element.focus({ preventScroll: true });
      element.scrollIntoView?.({ block: 'center' });
    }
  }, [focusRequest]);

  const field = (name: FieldName) => ({
    name,
    value: values[name],
    error: errors[name] ? show(errors[name]) : undefined,
    onChange: (event: { target: { value: string } }) => change({ field: name, value: event.target.value }),
  });

  return (
    <FormStack id={SIGN_UP_FORM_ID} ref={formRef} onSubmit={submit}>
      <TextField {...field('firstName')} label={t('auth:fields.firstName')} autoComplete="given-name" maxLength={64} />
      <TextField {...field('lastName')} label={t('auth:fields.lastName')} autoComplete="family-name" maxLength={64} />
      <div className={styles.group}>
        <TextField
          {...field('phoneNumber')}
          label={t('auth:fields.phoneNumber')}
          hint={t('auth:fields.phoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+7 912 345-67-89"
        />
        {canUsePhone && (
          <Button variant="plain" size="m" className={styles.helper} onClick={usePhone}>
            {t('auth:signUp.useTelegramPhone')}
          </Button>
        )}
      </div>
      <div className={styles.group}>
        <Select
          {...field('country')}
          label={t('auth:fields.country')}
          placeholder={t('auth:fields.countryPlaceholder')}
          options={COUNTRIES.map((code) => ({ value: code, label: t(`auth:countries.${code}`) }))}
        />
        {canDetect && (
          <Button variant="plain" size="m" className={styles.helper} onClick={detectCountry} loading={detecting}>
            {t('auth:signUp.detectCountry')}
          </Button>
        )}
      </div>
      {prefillNotice && <p className={styles.notice}>{show(prefillNotice)}</p>}
      <TextField
        {...field('email')}
        label={t('auth:fields.email')}
        hint={t('auth:fields.emailHint')}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
      />
      <div className={styles.group}>
        <TextField
          {...field('promoCode')}
          label={t('auth:fields.promoCode')}
          hint={t('auth:fields.promoCodeHint')}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={16}
        />
        {errors.promoCode && values.promoCode !== '' && (
          <Button variant="plain" size="m" className={styles.helper} onClick={clearPromo}>
            {t('auth:signUp.removePromoCode')}
          </Button>
        )}
      </div>
    </FormStack>
  );
}
