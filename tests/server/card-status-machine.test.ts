/** The card life cycle, table-driven: every (status, event, form) combination, and allowedActions. */
import { describe, expect, it } from 'vitest';
import { CardAction, CardStatus, type CardForm } from '@/shared/contract/cards';
import {
  allowedActions,
  CARD_EVENTS,
  checkAction,
  transition,
  type CardEvent,
} from '../../server/modules/cards/status-machine';

const STATUSES = CardStatus.options;
const FORMS: CardForm[] = ['virtual', 'physical'];

/** The intended life cycle, written out independently of the implementation: [from, event, to, form?]. */
const ALLOWED: Array<[CardStatus, CardEvent, CardStatus, CardForm?]> = [
  ['pending', 'issueAccepted', 'processing'],
  ['pending', 'issued', 'active', 'virtual'],
  ['processing', 'issued', 'active', 'virtual'],
  ['pending', 'fabricationStarted', 'fabricating', 'physical'],
  ['processing', 'fabricationStarted', 'fabricating', 'physical'],
  ['fabricating', 'shipped', 'inactive', 'physical'],
  ['pending', 'issueRejected', 'rejected'],
  ['processing', 'issueRejected', 'rejected'],
  ['fabricating', 'issueRejected', 'rejected'],
  ['pending', 'issueFailed', 'failed'],
  ['processing', 'issueFailed', 'failed'],
  ['fabricating', 'issueFailed', 'failed'],
  ['inactive', 'activationRequested', 'activating', 'physical'],
  ['activating', 'activated', 'active', 'physical'],
  ['activating', 'activationFailed', 'inactive', 'physical'],
  ['active', 'freezeRequested', 'freezing'],
  ['freezing', 'frozen', 'frozen'],
  ['freezing', 'freezeFailed', 'active'],
  ['frozen', 'unfreezeRequested', 'unfreezing'],
  ['unfreezing', 'unfrozen', 'active'],
  ['unfreezing', 'unfreezeFailed', 'frozen'],
  // The end of life (issue #14): close and block for good; a refusal leaves the card frozen.
  ['active', 'closeRequested', 'closing'],
  ['frozen', 'closeRequested', 'closing'],
  ['closing', 'closed', 'closed'],
  ['closing', 'closeFailed', 'frozen'],
  ['active', 'blockRequested', 'blocking'],
  ['frozen', 'blockRequested', 'blocking'],
  ['blocking', 'blocked', 'blocked'],
  ['blocking', 'blockFailed', 'frozen'],
];

const expected = (status: CardStatus, event: CardEvent, form: CardForm): CardStatus | null =>
  ALLOWED.find(([from, e, , f]) => from === status && e === event && (!f || f === form))?.[2] ?? null;

describe('card status machine', () => {
  const cases = STATUSES.flatMap((status) => CARD_EVENTS.flatMap((event) => FORMS.map((form) => ({ status, event, form }))));

  it('covers the eleven SPEC §4 statuses, the four of the end of life, and every event', () => {
    expect(STATUSES).toHaveLength(11 + 4);
    expect(STATUSES).toEqual(expect.arrayContaining(['closing', 'closed', 'blocking', 'blocked']));
    expect(new Set(ALLOWED.map(([, e]) => e))).toEqual(new Set(CARD_EVENTS));
    expect(cases).toHaveLength(15 * CARD_EVENTS.length * 2);
  });

  it.each(cases)('$status --$event--> ($form)', ({ status, event, form }) => {
    const result = transition({ status, form }, event);
    const to = expected(status, event, form);
    if (to) {
      expect(result).toEqual({ ok: true, from: status, to });
    } else {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(new RegExp(`${event}|${form}`));
    }
  });

  it('never leaves rejected, failed, closed or blocked (final: the machine refuses everything after)', () => {
    for (const status of ['rejected', 'failed', 'closed', 'blocked'] as const) {
      for (const event of CARD_EVENTS) for (const form of FORMS) expect(transition({ status, form }, event).ok).toBe(false);
    }
  });

  it('every status is reachable from pending', () => {
    const reached = new Set<CardStatus>(['pending']);
    for (let changed = true; changed; ) {
      changed = false;
      for (const [from, , to] of ALLOWED) if (reached.has(from) && !reached.has(to)) (reached.add(to), (changed = true));
    }
    expect([...reached].sort()).toEqual([...STATUSES].sort());
  });
});

describe('allowedActions and refusals', () => {
  const ALLOWED_ACTIONS: Record<CardStatus, Partial<Record<CardForm, CardAction[]>> & { any?: CardAction[] }> = {
    pending: { any: [] },
    processing: { any: [] },
    fabricating: { any: [] },
    inactive: { physical: ['activate'], virtual: [] },
    activating: { any: [] },
    active: { any: ['freeze', 'topup', 'reveal', 'withdraw', 'close', 'block'] },
    freezing: { any: [] },
    frozen: { any: ['unfreeze', 'reveal', 'withdraw', 'close', 'block'] },
    unfreezing: { any: [] },
    rejected: { any: [] },
    failed: { any: [] },
    closing: { any: [] },
    closed: { any: [] },
    blocking: { any: [] },
    blocked: { any: ['replace'] },
  };

  it.each(STATUSES.flatMap((status) => FORMS.map((form) => ({ status, form }))))('$status ($form)', ({ status, form }) => {
    const rule = ALLOWED_ACTIONS[status];
    const actions = rule[form] ?? rule.any ?? [];
    expect(allowedActions({ status, form })).toEqual(actions);
    for (const action of CardAction.options) {
      const check = checkAction({ status, form }, action);
      expect(check.ok, `${action} in ${status}`).toBe(actions.includes(action));
      if (!check.ok) expect(check.message).toMatch(/^Cannot /);
    }
  });

  it('explains refusals in plain words', () => {
    expect(checkAction({ status: 'frozen', form: 'virtual' }, 'freeze')).toEqual({ ok: false, message: 'Cannot freeze this card: it is already frozen.' });
    expect(checkAction({ status: 'pending', form: 'virtual' }, 'topup')).toEqual({ ok: false, message: 'Cannot top up this card: the card is still being issued.' });
    expect(checkAction({ status: 'active', form: 'virtual' }, 'activate')).toMatchObject({ ok: false, message: expect.stringContaining('only physical cards') });
    expect(checkAction({ status: 'rejected', form: 'virtual' }, 'reveal')).toMatchObject({ ok: false, message: expect.stringContaining('rejected') });
    expect(checkAction({ status: 'closed', form: 'virtual' }, 'topup')).toEqual({ ok: false, message: 'Cannot top up this card: the card is closed for good.' });
    expect(checkAction({ status: 'closed', form: 'virtual' }, 'close')).toEqual({ ok: false, message: 'Cannot close this card: it is already closed.' });
    expect(checkAction({ status: 'closing', form: 'virtual' }, 'withdraw')).toEqual({ ok: false, message: 'Cannot withdraw from this card: the card is being closed.' });
    expect(checkAction({ status: 'active', form: 'virtual' }, 'replace')).toMatchObject({ ok: false, message: expect.stringContaining('only a blocked card') });
  });
});
