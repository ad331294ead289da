import type { JsonWebKey } from 'node:crypto';
/**
 * CardsService: one file per use case, mirroring the client features (src/features/card-*):
 *   read.ts (list, get, balance) · history.ts (trades, transactions) · issue.ts · activate.ts · freeze.ts (freeze /
 *   unfreeze) · top-up.ts · reveal.ts (sensitive data); shared.ts holds the card view and helpers they share.
 */
import type { InTransactionIdempotency } from '../../../http/idempotency';
import type { Card, CardBalance, CardForm, CardStatus, CardTransaction, CardTransactionType, SensitiveData, TopUpResult, Trade, TradeStatus } from '@/shared/contract/cards';
import type { Currency } from '@/shared/contract/core';
import type { CardIssuer } from '../../../adapters/card-issuer';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/db';
import type { CatalogLanguage } from '../../products';
import { CARD_LIMITS } from '../limits';
import { activateCard } from './activate';
import { changeCardStatus } from './freeze';
import { listCardTransactions, listTrades, tradeById } from './history';
import { issueCard } from './issue';
import { getCard, getCardBalance, listCards } from './read';
import { revealSensitive } from './reveal';
import type { CardsDeps, Page } from './shared';
import { topUpCard } from './top-up';
import { blockCard, closeCard } from './close';
import { replaceCard } from './replace';
import { withdrawFromCard } from './withdraw';
import type { CardBlockReason, WithdrawResult } from '@/shared/contract/card-lifecycle';

export interface CardsServiceOptions {
  db: Db;
  clock: Clock;
  issuer: CardIssuer;
  /** What GET /api/config publishes (config.cards); defaults from CARD_LIMITS. */
  limits?: { maxCards: number; sensitiveDataTtlSeconds: number };
}

export class CardsService {
  private readonly deps: CardsDeps;

  constructor(options: CardsServiceOptions) {
    const limits = options.limits ?? { maxCards: CARD_LIMITS.maxCards, sensitiveDataTtlSeconds: CARD_LIMITS.sensitiveDataTtlSeconds };
    this.deps = { db: options.db, clock: options.clock, issuer: options.issuer, limits };
  }

  /** `db`: the request's (route()'s ctx.db, which checks the session with this read), or the service's own. */
  list(userId: string, query: { status?: CardStatus; form?: CardForm; cursor?: string; limit?: number }, lang: CatalogLanguage, db: Db = this.deps.db): Promise<Page<Card>> {
    return listCards({ ...this.deps, db }, userId, query, lang);
  }

  get(userId: string, cardId: string, lang: CatalogLanguage): Promise<Card> {
    return getCard(this.deps, userId, cardId, lang);
  }

  balance(userId: string, cardId: string): Promise<CardBalance> {
    return getCardBalance(this.deps, userId, cardId);
  }

  trades(userId: string, cardId: string, query: { kind?: 'purchase' | 'refund'; status?: TradeStatus; cursor?: string; limit?: number }): Promise<Page<Trade>> {
    return listTrades(this.deps, userId, cardId, query);
  }

  tradeById(tradeId: string): Promise<Trade> {
    return tradeById(this.deps, tradeId);
  }

  transactions(
    userId: string,
    cardId: string,
    query: { type?: CardTransactionType; cursor?: string; limit?: number; from?: string; to?: string; q?: string },
  ): Promise<Page<CardTransaction>> {
    return listCardTransactions(this.deps, userId, cardId, query);
  }

  create(userId: string, body: Parameters<typeof issueCard>[2], requestKey: string, lang: CatalogLanguage): Promise<Card> {
    return issueCard(this.deps, userId, body, requestKey, lang);
  }

  activate(userId: string, body: { cardId: string; activationCode: string }, lang: CatalogLanguage): Promise<Card> {
    return activateCard(this.deps, userId, body, lang);
  }

  updateStatus(userId: string, cardId: string, action: 'freeze' | 'unfreeze', lang: CatalogLanguage): Promise<Card> {
    return changeCardStatus(this.deps, userId, cardId, action, lang);
  }

  topUp(
    userId: string,
    cardId: string,
    body: { amount: number; currency?: Currency },
    requestKey: string,
    lang: CatalogLanguage,
    idempotency: InTransactionIdempotency<TopUpResult> | null = null,
    verifiedAtAuth = false,
  ): Promise<TopUpResult> {
    return topUpCard(this.deps, userId, cardId, body, requestKey, lang, idempotency, verifiedAtAuth);
  }

  revealSensitive(userId: string, body: { cardId: string; publicKey: JsonWebKey }, clientIp: string | null): Promise<SensitiveData> {
    return revealSensitive(this.deps, userId, body, clientIp);
  }

  // Card lifecycle (issue #14): close.ts, replace.ts, withdraw.ts; the archive is listCards' other scope.

  archive(userId: string, query: { cursor?: string; limit?: number }, lang: CatalogLanguage): Promise<Page<Card>> {
    return listCards(this.deps, userId, query, lang, 'archive');
  }

  close(userId: string, cardId: string, lang: CatalogLanguage): Promise<Card> {
    return closeCard(this.deps, userId, cardId, lang);
  }

  block(userId: string, cardId: string, reason: CardBlockReason, lang: CatalogLanguage): Promise<Card> {
    return blockCard(this.deps, userId, cardId, reason, lang);
  }

  replace(userId: string, cardId: string, requestKey: string, lang: CatalogLanguage): Promise<Card> {
    return replaceCard(this.deps, userId, cardId, requestKey, lang);
  }

  withdraw(userId: string, cardId: string, body: { amount: number }, requestKey: string, lang: CatalogLanguage): Promise<WithdrawResult> {
    return withdrawFromCard(this.deps, userId, cardId, body, requestKey, lang);
  }
}
