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
import { userTexts } from '@/entities/user';
import { signUpTexts } from '../i18n/texts';

export const SIGN_UP_FORM_ID = 'sign-up-form';

export function RegistrationForm() {
  const { t } = useTranslation([signUpTexts.ns, userTexts.ns, 'errors']);
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
      <TextField {...field('firstName')} label={t(`${userTexts.ns}:fields.firstName`)} autoComplete="given-name" maxLength={64} />
      <TextField {...field('lastName')} label={t(`${userTexts.ns}:fields.lastName`)} autoComplete="family-name" maxLength={64} />
      <div className={styles.group}>
        <TextField
          {...field('phoneNumber')}
          label={t(`${userTexts.ns}:fields.phoneNumber`)}
          hint={t(`${userTexts.ns}:fields.phoneHint`)}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+7 912 345-67-89"
        />
        {canUsePhone && (
          <Button variant="plain" size="m" className={styles.helper} onClick={usePhone}>
            {t(`${signUpTexts.ns}:signUp.useTelegramPhone`)}
          </Button>
        )}
      </div>
      <div className={styles.group}>
        <Select
          {...field('country')}
          label={t(`${userTexts.ns}:fields.country`)}
          placeholder={t(`${userTexts.ns}:fields.countryPlaceholder`)}
          options={COUNTRIES.map((code) => ({ value: code, label: t(`${signUpTexts.ns}:countries.${code}`) }))}
        />
        {canDetect && (
          <Button variant="plain" size="m" className={styles.helper} onClick={detectCountry} loading={detecting}>
            {t(`${signUpTexts.ns}:signUp.detectCountry`)}
          </Button>
        )}
      </div>
      {prefillNotice && <p className={styles.notice}>{show(prefillNotice)}</p>}
      <TextField
        {...field('email')}
        label={t(`${userTexts.ns}:fields.email`)}
        hint={t(`${userTexts.ns}:fields.emailHint`)}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
      />
      <div className={styles.group}>
        <TextField
          {...field('promoCode')}
          label={t(`${userTexts.ns}:fields.promoCode`)}
          hint={t(`${userTexts.ns}:fields.promoCodeHint`)}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={16}
        />
        {errors.promoCode && values.promoCode !== '' && (
          <Button variant="plain" size="m" className={styles.helper} onClick={clearPromo}>
            {t(`${signUpTexts.ns}:signUp.removePromoCode`)}
          </Button>
        )}
      </div>
    </FormStack>
  );
}
