import type { FormHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from '@/shared/lib';
import { Page } from '../page';
import styles from './form-screen.module.css';

export interface FormScreenProps {
  /** Visible h1 of the screen. */
  title: ReactNode;
  /** Hint paragraph above the form. */
  lead: ReactNode;
  /** The main action(s) in the sticky footer (the submit button points at the form by `form={id}`). */
  actions: ReactNode;
  /** A centered line under the actions, e.g. "No account? Sign up" (its links get the link colour). */
  switchLine?: ReactNode;
  /**
   * The form-level error (an `Alert tone="danger"`: role="alert"), shown right above the actions in the sticky
   * footer, where the user looks after pressing the button (field errors stay on their fields).
   */
  error?: ReactNode;
  /** The form (usually a `FormStack`). */
  children: ReactNode;
}

/** A form screen inside the app shell (sign-in, sign-up): title, lead, the form, and a footer with the actions. */
export function FormScreen({ title, lead, actions, switchLine, error, children }: FormScreenProps) {
  return (
    <Page
      safeArea={false}
      title={title}
      footerNotice={error}
      footer={
        <>
          {actions}
          {switchLine && <p className={styles.switch}>{switchLine}</p>}
        </>
      }
    >
      <p className={styles.lead}>{lead}</p>
      {children}
    </Page>
  );
}

export interface FormStackProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  /** Called on submit; the browser's own submit (page reload) is prevented. */
  onSubmit: () => void;
  ref?: Ref<HTMLFormElement>;
}

/** A `noValidate` form laying out its fields in a column. */
export function FormStack({ onSubmit, className, children, ...rest }: FormStackProps) {
  return (
    <form
      {...rest}
      className={cn(styles.form, className)}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
