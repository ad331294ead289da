/**
 * A user's whole picture for the operators (docs/ops.md "A user's picture"): search, profile with verification history,
 * balances, ledger entries, cards with their events, sessions, notes; and the actions on the account by role: end
 * sessions and block a card (support), freeze and unfreeze (compliance). Every read here is written to the audit log.
 */
import * as z from 'zod/mini';
import { Country, Email } from '../auth';
import { CardForm, CardScheme, CardStatus } from '../cards';
import { Currency, defineEndpoint, Id, Money, PageQuery, page, Text, Timestamp } from '../core';
import { AccountFreeze, FreezeReason, InfoRequestItem, VerificationRequest, VerificationStatus } from '../users';
import { ActionReason } from './auth';

const UserIdParams = z.object({ userId: Id });

export const UserSummary = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  country: z.string(),
  verificationStatus: VerificationStatus,
  frozen: z.boolean(),
  deleted: z.boolean(),
  createdAt: Timestamp,
});
export type UserSummary = z.infer<typeof UserSummary>;

/** Who changed a verification: an operator, the KYC provider, the sandbox's delay, or the sign-up itself. */
export const VerificationActor = z.enum(['operator', 'provider', 'sandbox', 'signup']);
export const VerificationEvent = z.object({
  id: Id,
  /** What was decided or asked. */
  action: z.enum(['submitted', 'approved', 'rejected', 'infoRequested', 'providerResult', 'frozen', 'unfrozen']),
  status: VerificationStatus,
  actor: VerificationActor,
  operator: z.nullable(z.object({ id: Id, name: z.string() })),
  /** The operator's reason (support reads it; the user does not). */
  reason: z.nullable(z.string()),
  items: z.array(InfoRequestItem),
  freezeReason: z.nullable(FreezeReason),
  /** A provider result's outcome. */
  providerOutcome: z.nullable(z.enum(['approved', 'rejected', 'error'])),
  at: Timestamp,
});
export type VerificationEvent = z.infer<typeof VerificationEvent>;

/** The KYC provider's check of the user (docs/ops.md "KYC provider"), when one is connected. */
export const KycCheck = z.object({
  provider: z.string(),
  checkId: z.string(),
  status: z.enum(['pending', 'approved', 'rejected', 'error']),
  /** The provider's reason code, if it gave one. */
  reason: z.nullable(z.string()),
  startedAt: Timestamp,
  decidedAt: z.nullable(Timestamp),
});
export type KycCheck = z.infer<typeof KycCheck>;

export const UserPicture = z.object({
  profile: z.object({
    id: Id,
    firstName: z.string(),
    lastName: z.string(),
    email: Email,
    phoneNumber: z.string(),
    country: Country,
    promoCode: z.string(),
    referredBy: z.nullable(Id),
    telegram: z.nullable(z.object({ id: z.string(), username: z.nullable(z.string()) })),
    createdAt: Timestamp,
    deletedAt: z.nullable(Timestamp),
  }),
  verification: z.object({
    status: VerificationStatus,
    request: z.nullable(VerificationRequest),
    history: z.array(VerificationEvent),
    kyc: z.nullable(KycCheck),
  }),
  frozen: z.nullable(z.object({ ...AccountFreeze.shape, by: z.nullable(z.string()), note: z.nullable(z.string()) })),
  /** Wallet balances (available and held), USD then RUB. */
  balances: z.array(z.object({ currency: Currency, available: Money, held: Money })),
});
export type UserPicture = z.infer<typeof UserPicture>;

export const LedgerEntryView = z.object({
  /** The entry's transaction. */
  transactionId: Id,
  type: z.string(),
  status: z.enum(['pending', 'completed', 'failed']),
  /** The wallet or card account, e.g. `wal_<user>_USD`, `crd_<card>`. */
  accountId: z.string(),
  /** Signed: a credit of the account is positive. */
  amount: Money,
  reference: z.nullable(z.string()),
  createdAt: Timestamp,
});
export type LedgerEntryView = z.infer<typeof LedgerEntryView>;

export const CardStatusEvent = z.object({
  from: z.nullable(z.string()),
  to: z.string(),
  event: z.string(),
  reason: z.nullable(z.string()),
  at: Timestamp,
});
export const OpsCard = z.object({
  id: Id,
  status: CardStatus,
  statusReason: z.nullable(z.string()),
  scheme: CardScheme,
  form: CardForm,
  currency: Currency,
  last4: z.nullable(z.string()),
  productName: z.string(),
  balance: Money,
  /** The card can be blocked as lost or stolen now. */
  blockable: z.boolean(),
  createdAt: Timestamp,
  events: z.array(CardStatusEvent),
});
export type OpsCard = z.infer<typeof OpsCard>;

export const OpsSession = z.object({
  id: Id,
  device: z.nullable(z.string()),
  platform: z.nullable(z.string()),
  clientVersion: z.nullable(z.string()),
  country: z.nullable(z.string()),
  createdAt: Timestamp,
  lastSeenAt: Timestamp,
  endedAt: z.nullable(Timestamp),
  endReason: z.nullable(z.string()),
});
export type OpsSession = z.infer<typeof OpsSession>;

export const UserNote = z.object({
  id: Id,
  text: z.string(),
  operator: z.object({ id: Id, name: z.string() }),
  createdAt: Timestamp,
});
export type UserNote = z.infer<typeof UserNote>;

export const opsUsersSearch = defineEndpoint({
  id: 'ops.users.search',
  method: 'GET',
  path: '/api/ops/users',
  auth: 'operator',
  roles: ['support', 'compliance', 'admin'],
  tag: 'ops',
  summary: 'Find users by email, name, phone, user id, Telegram username or USDT tag; newest first.',
  query: z.object({ ...PageQuery.shape, q: z.optional(Text.check(z.maxLength(100))) }),
  response: page(UserSummary),
});

export const opsUsersGet = defineEndpoint({
  id: 'ops.users.get',
  method: 'GET',
  path: '/api/ops/users/{userId}',
  auth: 'operator',
  roles: ['support', 'compliance', 'admin'],
  tag: 'ops',
  summary: "A user's profile, verification with its history and the KYC check, freeze and balances (the view is audited).",
  params: UserIdParams,
  response: UserPicture,
});

export const opsUsersLedger = defineEndpoint({
  id: 'ops.users.ledger',
  method: 'GET',
  path: '/api/ops/users/{userId}/ledger',
  auth: 'operator',
  roles: ['support', 'compliance', 'admin'],
  tag: 'ops',
  summary: "The ledger entries of the user's wallet and card accounts, newest first (the view is audited).",
  params: UserIdParams,
  query: PageQuery,
  response: page(LedgerEntryView),
});

export const opsUsersCards = defineEndpoint({
  id: 'ops.users.cards',
  method: 'GET',
  path: '/api/ops/users/{userId}/cards',
  auth: 'operator',
  roles: ['support', 'compliance', 'admin'],
  tag: 'ops',
  summary: "The user's cards with their status events (the view is audited).",
  params: UserIdParams,
  response: z.object({ items: z.array(OpsCard) }),
});

export const opsUsersSessions = defineEndpoint({
  id: 'ops.users.sessions',
  method: 'GET',
  path: '/api/ops/users/{userId}/sessions',
  auth: 'operator',
  roles: ['support', 'compliance', 'admin'],
  tag: 'ops',
  summary: "The user's sign-ins, active first, then the 20 last ended (the view is audited).",
  params: UserIdParams,
  response: z.object({ items: z.array(OpsSession) }),
});

export const opsUsersNotes = defineEndpoint({
  id: 'ops.users.notes',
  method: 'GET',
  path: '/api/ops/users/{userId}/notes',
  auth: 'operator',
  roles: ['support', 'compliance', 'admin'],
  tag: 'ops',
  summary: "Operators' notes about the user, newest first (the view is audited).",
  params: UserIdParams,
  response: z.object({ items: z.array(UserNote) }),
});

export const opsUsersAddNote = defineEndpoint({
  id: 'ops.users.addNote',
  method: 'POST',
  path: '/api/ops/users/{userId}/notes',
  auth: 'operator',
  roles: ['support', 'compliance'],
  tag: 'ops',
  summary: 'Add a note about the user (visible to operators only).',
  params: UserIdParams,
  body: z.strictObject({ text: Text.check(z.minLength(1), z.maxLength(2000)) }),
  response: UserNote,
});

export const opsUsersEndSessions = defineEndpoint({
  id: 'ops.users.endSessions',
  method: 'POST',
  path: '/api/ops/users/{userId}/sessions/end',
  auth: 'operator',
  roles: ['support'],
  tag: 'ops',
  summary: 'End one session of the user (`sessionId`) or all of them (null): their next call is refused, they sign in again.',
  params: UserIdParams,
  body: z.strictObject({ sessionId: z.nullable(Id), reason: ActionReason }),
  response: z.object({ ended: z.int() }),
});

export const opsCardsBlock = defineEndpoint({
  id: 'ops.cards.block',
  method: 'POST',
  path: '/api/ops/cards/{cardId}/block',
  auth: 'operator',
  roles: ['support'],
  tag: 'ops',
  summary: 'Block a card for good as lost or stolen, on the user’s behalf (the issuer confirms; the balance returns to the wallet).',
  params: z.object({ cardId: Id }),
  body: z.strictObject({ reason: z.enum(['lost', 'stolen']), note: ActionReason }),
  response: OpsCard,
});

export const opsUsersFreeze = defineEndpoint({
  id: 'ops.users.freeze',
  method: 'POST',
  path: '/api/ops/users/{userId}/freeze',
  auth: 'operator',
  roles: ['compliance'],
  tag: 'ops',
  summary: 'Freeze the account: no money leaves it (every guarded call answers 403 ACCOUNT_FROZEN); the user is told why.',
  params: UserIdParams,
  body: z.strictObject({ reason: FreezeReason, note: ActionReason }),
  response: UserPicture,
});

export const opsUsersUnfreeze = defineEndpoint({
  id: 'ops.users.unfreeze',
  method: 'POST',
  path: '/api/ops/users/{userId}/unfreeze',
  auth: 'operator',
  roles: ['compliance'],
  tag: 'ops',
  summary: 'Unfreeze the account; the user is told.',
  params: UserIdParams,
  body: z.strictObject({ note: ActionReason }),
  response: UserPicture,
});

export const opsCustomersEndpoints = {
  'ops.users.search': opsUsersSearch,
  'ops.users.get': opsUsersGet,
  'ops.users.ledger': opsUsersLedger,
  'ops.users.cards': opsUsersCards,
  'ops.users.sessions': opsUsersSessions,
  'ops.users.notes': opsUsersNotes,
  'ops.users.addNote': opsUsersAddNote,
  'ops.users.endSessions': opsUsersEndSessions,
  'ops.cards.block': opsCardsBlock,
  'ops.users.freeze': opsUsersFreeze,
  'ops.users.unfreeze': opsUsersUnfreeze,
} as const;
