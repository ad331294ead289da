import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { UserAvatar } from './user-avatar';

afterEach(cleanup);

const user = (firstName: string, lastName: string) => ({ firstName, lastName, name: `${firstName} ${lastName}`, telegram: null });

test('initials of astral letters and emoji names are whole characters, never half a surrogate pair', () => {
  const astral = render(<UserAvatar user={user('𐐷𐐸', '😀Lee')} />);
  expect(astral.container.textContent).toBe('𐐏L');
  cleanup();
  const emoji = render(<UserAvatar user={user('👩‍💻', 'Ørsted')} />);
  expect(emoji.container.textContent).toBe('👩‍💻Ø');
});
