import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import { CheckboxGroup } from './checkbox-group';

afterEach(cleanup);

function Harness({ seen }: { seen: string[][] }) {
  const [value, setValue] = useState<string[]>(['b']);
  return (
    <CheckboxGroup
      legend="Roles"
      value={value}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
      options={[
        { value: 'a', label: 'Alpha' },
        { value: 'b', label: 'Beta' },
      ]}
    />
  );
}

describe('CheckboxGroup', () => {
  test('a labelled group of labelled checkboxes; checking adds the value, unchecking removes it', () => {
    const seen: string[][] = [];
    render(<Harness seen={seen} />);
    expect(screen.getByRole('group', { name: 'Roles' })).toBeTruthy();
    const alpha = screen.getByRole('checkbox', { name: 'Alpha' }) as HTMLInputElement;
    const beta = screen.getByRole('checkbox', { name: 'Beta' }) as HTMLInputElement;
    expect([alpha.checked, beta.checked]).toEqual([false, true]);
    fireEvent.click(alpha);
    fireEvent.click(beta);
    expect(seen).toEqual([['b', 'a'], ['a']]);
    expect([alpha.checked, beta.checked]).toEqual([true, false]);
  });
});
