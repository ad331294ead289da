import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Switch } from './switch';

describe('Switch', () => {
  afterEach(cleanup);

  it('is a switch named by its label; tapping the text toggles it', () => {
    const onChange = vi.fn();
    render(<Switch label="Card ready" hint="A new card can be used" checked={false} onChange={onChange} />);
    const control = screen.getByRole<HTMLInputElement>('switch', { name: /Card ready/ });
    expect(control.checked).toBe(false);
    fireEvent.click(screen.getByText('Card ready'));
    expect(onChange).toHaveBeenCalledWith(true);
  });

  it('is disabled and busy while a change is saved', () => {
    render(<Switch label="Biometrics" checked onChange={() => {}} busy />);
    const control = screen.getByRole<HTMLInputElement>('switch', { name: 'Biometrics' });
    expect(control.checked).toBe(true);
    expect(control.disabled).toBe(true);
    expect(control.getAttribute('aria-busy')).toBe('true');
  });
});
