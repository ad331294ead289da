import { cleanup, render } from '@testing-library/react';
import { createStore } from 'effector';
import { afterEach, describe, expect, it } from 'vitest';
import { createPageLifecycle, usePageLifecycle } from './page-lifecycle';

afterEach(cleanup);

describe('usePageLifecycle (React)', () => {
  it('mount → opened once; new props → opened again; same props → nothing; unmount → closed', () => {
    const page = createPageLifecycle<{ cardId: string }>('domPage');
    const $log = createStore<string[]>([])
      .on(page.opened, (log, { cardId }) => [...log, `opened ${cardId}`])
      .on(page.closed, (log) => [...log, 'closed']);
    function Screen({ cardId }: { cardId: string }) {
      usePageLifecycle(page, { cardId });
      return null;
    }
    const view = render(<Screen cardId="a" />);
    view.rerender(<Screen cardId="a" />);
    view.rerender(<Screen cardId="b" />);
    view.unmount();
    expect($log.getState()).toEqual(['opened a', 'opened b', 'closed']);
  });
});
