/** What the statements' and receipts' use cases get: the module's dependencies and the request (server/http/route.ts). */
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import type { AnyEndpoint, RequestContext } from '../../http/route';

export interface StatementsDeps {
  db: Db;
  clock: Clock;
  /** The app's warnings (a receipt's history row that does not fit the contract: the transaction details' reader). */
  warn: (msg: string, data?: object) => void;
}

export type StatementsRequest<E extends AnyEndpoint> = RequestContext<E, StatementsDeps>;
