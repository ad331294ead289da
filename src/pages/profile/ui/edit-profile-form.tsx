import { useUnit } from 'effector-react';
import type { UserProfile } from '@/shared/contract';
import { useTranslation } from '@/shared/i18n';
import { Alert, Button, FormStack, Section, TextField } from '@/shared/ui';
import { $editing, $fieldErrors, $saveError, $saving, $values, editClosed, editOpened, fieldChanged, formSubmitted, type ProfileField } from '../model/edit-profile';
import styles from './edit-profile-form.module.css';
import { profileTexts } from '../i18n/texts';
import { userTexts } from '@/entities/user';

/** The Profile edit form (names, phone): a button that opens it, then the form in place. */
export function EditProfileForm({ user }: { user: UserProfile }) {
  const { t } = useTranslation([profileTexts.ns, userTexts.ns]);
  const [editing, values, errors, saveError, saving] = useUnit([$editing, $values, $fieldErrors, $saveError, $saving]);
  const [open, close, change, submit] = useUnit([editOpened, editClosed, fieldChanged, formSubmitted]);
  const field = (name: ProfileField) => ({
    name,
    value: values[name],
    error: errors[name] ? t(errors[name]!.key, { defaultValue: errors[name]!.defaultValue, ...errors[name]!.values }) : undefined,
    onChange: (event: { target: { value: string } }) => change({ field: name, value: event.target.value }),
  });
  if (!editing) {
    return (
      <Section>
        <div className={styles.form}>
          <Button variant="secondary" fullWidth onClick={() => open(user)}>
            {t(`${profileTexts.ns}:edit.edit`)}
          </Button>
        </div>
      </Section>
    );
  }
  return (
    <Section title={t(`${profileTexts.ns}:edit.title`)} footer={t(`${profileTexts.ns}:edit.footer`)}>
      <FormStack className={styles.form} onSubmit={submit} aria-label={t(`${profileTexts.ns}:edit.title`)}>
        <TextField {...field('firstName')} label={t(`${userTexts.ns}:fields.firstName`)} autoComplete="given-name" maxLength={64} />
        <TextField {...field('lastName')} label={t(`${userTexts.ns}:fields.lastName`)} autoComplete="family-name" maxLength={64} />
        <TextField {...field('phoneNumber')} label={t(`${userTexts.ns}:fields.phoneNumber`)} hint={t(`${userTexts.ns}:fields.phoneHint`)} type="tel" inputMode="tel" autoComplete="tel" />
        {saveError && <Alert tone="danger">{t(saveError.keys, { defaultValue: saveError.defaultValue })}</Alert>}
        <div className={styles.actions}>
          <Button type="submit" loading={saving} fullWidth>
            {t(`${profileTexts.ns}:edit.save`)}
          </Button>
          <Button variant="plain" fullWidth onClick={close} disabled={saving}>
            {t(`${profileTexts.ns}:edit.cancel`)}
          </Button>
        </div>
      </FormStack>
    </Section>
  );
}
