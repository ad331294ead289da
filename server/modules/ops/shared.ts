/** What every use case of the operator side gets (docs/server.md "Modules"): the module's deps and the request. */
import type { MailAdapter } from '../../adapters/mail';
import type { Clock } from '../../clock';
import type { WithdrawalsSettings } from '../../config';
import type { Db } from '../../db/db';
import type { AnyEndpoint, RequestContext } from '../../http/route';
import type { EmailCodeService } from '../auth';
import type { Adapters } from '../module';
import type { OperatorSessions } from './operators/sessions';

export interface OpsDeps {
  db: Db;
  clock: Clock;
  /** Operators' email codes (purpose `ops_signin`: the users' table and limits). */
  codes: EmailCodeService;
  mail: MailAdapter | undefined;
  sessions: OperatorSessions;
  /** Seals TOTP secrets at rest. */
  totpKey: Buffer;
  /** The renewal cookie gets `Secure` when the public origin is https. */
  secureCookies: boolean;
  adapters: Adapters;
  /** SBP payments still pending this long after their expiry are listed as stuck (the acquirer's late-callback grace). */
  sbpStuckAfterSeconds: number;
  /** The shared USDT deposit address (the held deposits reached it; reconciliation asks the chain about it). */
  depositAddress: string;
  /** Withdrawals' settings (a held withdrawal shown as the user sees it: its explorer link). */
  withdrawals: WithdrawalsSettings;
}

export type OpsRequest<E extends AnyEndpoint> = RequestContext<E, OpsDeps>;
