/** What the wallet's use cases get: the module's dependencies and the request (server/http/route.ts). */
import type { SbpAcquirer } from '../../adapters/sbp';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import type { AnyEndpoint, RequestContext } from '../../http/route';
import type { Monitor } from '../../monitor';
import type { WalletSettings } from '../config';

interface WalletDeps {
  db: Db;
  clock: Clock;
  settings: WalletSettings;
  /** The app's log (warnings: a history row that does not fit the contract, an acquirer's refusal). */
  warn: (msg: string, data?: object) => void;
}

export type WalletRequest<E extends AnyEndpoint> = RequestContext<E, WalletDeps>;

/** SBP top-ups' dependencies (sbp.ts). */
export interface SbpDeps extends WalletDeps {
  acquirer: SbpAcquirer;
  /**
   * The configured public origin (PUBLIC_ORIGIN, read per call: startServer fixes the local default up to the real
   * port): the payment's callback URL and default result pages are built on it, never on the request's Host.
   */
  publicOrigin: () => string;
  /** Origins a returnUrl may point to besides the public origin (APP_ORIGIN). */
  appOrigins: string[];
  /** Callbacks with a good signature that are not what we sent are refused and alerted (outside_input_refused_total). */
  monitor: Monitor;
  /** Creates the SBP clearing account (every shard) on the first callback of the process (ledger systemShardsOnce). */
  systemAccounts: () => Promise<void>;
}
