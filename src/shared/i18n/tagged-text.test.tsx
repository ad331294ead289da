import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderTagged } from './tagged-text';

afterEach(cleanup);

describe('renderTagged: <name>text</name> in a translation rendered as components', () => {
  it('renders each tag as its component with the tag text as children, the rest as text', () => {
    const { container } = render(
      <p>{renderTagged('Agree to the <terms>Terms</terms> and <privacy>Privacy Policy</privacy>.', { terms: <a href="/terms" />, privacy: <a href="/privacy" /> })}</p>,
    );
    expect(container.innerHTML).toBe('<p>Agree to the <a href="/terms">Terms</a> and <a href="/privacy">Privacy Policy</a>.</p>');
  });

  it('shows the text of a tag without a component, and text without tags as it is', () => {
    expect(render(<p>{renderTagged('a <x>b</x> c', {})}</p>).container.innerHTML).toBe('<p>a b c</p>');
    cleanup();
    expect(render(<p>{renderTagged('plain', {})}</p>).container.innerHTML).toBe('<p>plain</p>');
  });
});
