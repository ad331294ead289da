import { cleanup, render, screen } from '@testing-library/react';
import { allSettled, fork } from 'effector';
import { Provider } from 'effector-react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cardChanged, cardOpened, type CardActionPlugin } from '@/entities/card';
import { makeCard, useCardsFakeApi } from '@/entities/card/index.testing';
import { ok } from '@/shared/api/index.testing';
import type { Card } from '@/shared/contract';
import { i18n, initI18n } from '@/shared/i18n';
import { cardReplaceTexts } from '@/features/card/replace';
import { CardPanel } from './card-panel';

const server = useCardsFakeApi();
beforeAll(async () => {
  await initI18n({ navigatorLanguages: ['en-US'] });
  await i18n.loadNamespaces(['cards', 'card', 'card-panel', 'errors', cardReplaceTexts.ns]);
});
afterEach(cleanup);

/** Four made-up card actions, as card features describe theirs. */
const actions: CardActionPlugin[] = [
  { id: 'top-up', when: ['topup'], Control: ({ card }) => <button type="button">Top up {card.id}</button>, Overlay: () => <div data-testid="top-up-sheet" /> },
  { id: 'freeze', when: ['freeze', 'unfreeze'], Control: () => <button type="button">Freeze or unfreeze</button> },
  {
    id: 'reveal',
    when: ['reveal'],
    Control: () => <button type="button">Show details</button>,
    Details: ({ card }) => <p>Details of {card.id}</p>,
    useFaceNumber: () => '4242 4242 4242 4242',
  },
  { id: 'replace', when: ['replace'], slot: 'status', Control: () => <p>Order a replacement</p> },
];

const showCard = async (card: Card) => {
  server.on('GET', `/api/cards/${card.id}`, () => ok(card));
  server.on('GET', `/api/cards/${card.id}/balance`, () =>
    ok({ cardId: card.id, available: card.balance, pending: { amount: 0, currency: card.currency }, updatedAt: card.updatedAt }),
  );
  const scope = fork();
  await allSettled(cardOpened, { scope, params: card.id });
  await allSettled(cardChanged, { scope, params: card });
  render(
    <Provider value={scope}>
      <CardPanel actions={actions} />
    </Provider>,
  );
};

describe('the card panel renders the actions it is given, for the card state', () => {
  it("shows in the action row only what the card's allowedActions name, in the given order; every overlay and details are mounted", async () => {
    await showCard(makeCard({ id: 'crd_7', status: 'active', allowedActions: ['freeze', 'topup'] }));
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Top up crd_7', 'Freeze or unfreeze']);
    expect(screen.queryByText('Show details')).toBeNull();
    expect(screen.queryByText('Order a replacement')).toBeNull();
    expect(screen.getByTestId('top-up-sheet')).toBeTruthy();
    expect(screen.getByText('Details of crd_7')).toBeTruthy();
    expect(screen.getByText('4242 4242 4242 4242')).toBeTruthy(); // the face shows what an action's hook gives
  });

  it('an ended card shows its status actions under the status line, and no action row button', async () => {
    await showCard(makeCard({ id: 'crd_8', status: 'blocked', statusReason: 'STOLEN', allowedActions: ['replace'] }));
    expect(screen.getByText('Order a replacement')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
