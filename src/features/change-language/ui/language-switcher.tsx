import { useUnit } from 'effector-react';
import { SUPPORTED_LANGUAGES, useLanguage, useTranslation, type Language } from '@/shared/i18n';
import { SegmentedControl } from '@/shared/ui';
import { languageChosen } from '../model/change-language';

/** English / Русский: switches at once; every screen follows. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation('common');
  const [language] = useLanguage();
  const choose = useUnit(languageChosen);
  return (
    <SegmentedControl<Language>
      className={className}
      label={t('language.label')}
      value={language}
      onChange={(next) => {
        if (next !== language) choose(next);
      }}
      options={SUPPORTED_LANGUAGES.map((lng) => ({ value: lng, label: t(`language.${lng}Full`) }))}
    />
  );
}
