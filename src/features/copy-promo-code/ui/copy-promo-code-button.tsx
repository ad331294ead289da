import { useUnit } from 'effector-react';
import { useTranslation } from '@/shared/i18n';
import { Button, type ButtonProps } from '@/shared/ui';
import { $copyResult, copyPromoCodeFx, promoCodeCopyRequested } from '../model/copy-promo-code';
import { copyPromoCodeTexts } from '../i18n/texts';

export interface CopyPromoCodeButtonProps extends Omit<ButtonProps, 'onClick' | 'loading' | 'children'> {
  code: string;
}

/** "Copy code": copies the promo code and confirms with a toast (or says it failed). */
export function CopyPromoCodeButton({ code, variant = 'secondary', ...rest }: CopyPromoCodeButtonProps) {
  const { t } = useTranslation(copyPromoCodeTexts.ns);
  const [copy, result, pending] = useUnit([promoCodeCopyRequested, $copyResult, copyPromoCodeFx.pending]);
  return (
    <Button {...rest} variant={variant} loading={pending} onClick={() => copy(code)}>
      {result === 'copied' ? t('copied') : t('code')}
    </Button>
  );
}
