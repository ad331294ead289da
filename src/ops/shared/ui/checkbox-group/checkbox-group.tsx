import type { ReactNode } from 'react';
import styles from './checkbox-group.module.css';

export interface CheckboxGroupProps<T extends string> {
  legend: ReactNode;
  options: ReadonlyArray<{ value: T; label: ReactNode }>;
  value: readonly T[];
  onChange: (value: T[]) => void;
}

/** A labelled set of checkboxes choosing several values (an operator's roles, what to ask a user for). */
export function CheckboxGroup<T extends string>({ legend, options, value, onChange }: CheckboxGroupProps<T>) {
  return (
    <fieldset className={styles.group}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className={styles.option}>
          <input
            type="checkbox"
            checked={value.includes(option.value)}
            onChange={(e) => onChange(e.target.checked ? [...value, option.value] : value.filter((v) => v !== option.value))}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
