import { useUnit } from 'effector-react';
import { useEffect, useId, useRef } from 'react';
import { isTelegramBottomButtonAvailable } from '@/shared/platform';
import { Button, type ButtonVariant } from '../button';
import { bindPrimaryActionHandler, primaryActionRemoved, primaryActionSet, type PrimaryActionSlot } from './model';

export interface PrimaryActionProps {
  /** The label (Telegram's button takes plain text). */
  children: string;
  /** `main` → Telegram's MainButton; `secondary` → the SecondaryButton (7.10+). Default `main`. */
  slot?: PrimaryActionSlot;
  onClick?: () => void;
  /** A submit button of the form with this id: Telegram's press submits that form (requestSubmit). */
  form?: string;
  type?: 'button' | 'submit';
  loading?: boolean;
  disabled?: boolean;
  /** The page button's look (outside Telegram). Default: primary for `main`, secondary for `secondary`. */
  variant?: ButtonVariant;
  fullWidth?: boolean;
  className?: string;
}

/**
 * A screen's primary action (issue #14): Telegram's MainButton/SecondaryButton where Telegram draws them
 * (nothing is rendered in the page then), otherwise a page `Button` with the same props. See model.ts.
 */
export function PrimaryAction({ slot = 'main', fullWidth = true, ...props }: PrimaryActionProps) {
  // Fixed for the page's life: the platform does not change under a running app.
  const native = isTelegramBottomButtonAvailable(slot);
  if (native) return <NativeAction slot={slot} {...props} />;
  const { children, onClick, form, type = form ? 'submit' : 'button', loading, disabled, variant, className } = props;
  return (
    <Button
      type={type}
      form={form}
      onClick={onClick}
      loading={loading}
      disabled={disabled}
      variant={variant ?? (slot === 'main' ? 'primary' : 'secondary')}
      fullWidth={fullWidth}
      className={className}
    >
      {children}
    </Button>
  );
}

function NativeAction({ slot, children, onClick, form, loading = false, disabled = false }: PrimaryActionProps & { slot: PrimaryActionSlot }) {
  const id = useId();
  const [set, remove] = useUnit([primaryActionSet, primaryActionRemoved]);
  const clickRef = useRef<() => void>(() => undefined);
  clickRef.current = () => {
    if (onClick) onClick();
    else if (form) (document.getElementById(form) as HTMLFormElement | null)?.requestSubmit();
  };

  useEffect(() => bindPrimaryActionHandler(id, () => clickRef.current()), [id]);
  useEffect(() => {
    set({ id, slot, text: children, loading, disabled });
  }, [set, id, slot, children, loading, disabled]);
  useEffect(
    () => () => {
      remove({ id });
    },
    [remove, id],
  );
  return null;
}
