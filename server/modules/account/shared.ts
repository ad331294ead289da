/** What every account use case gets: the module's dependencies and the request (server/http/route.ts). */
import type { MailAdapter } from '../../adapters/mail';
import type { Clock } from '../../clock';
import type { Db } from '../../db/db';
import type { AnyEndpoint, RequestContext } from '../../http/route';
import type { EmailCodeService } from '../auth';

interface AccountDeps {
  db: Db;
  clock: Clock;
  mail: MailAdapter;
  /** Email-change codes (purpose `email_change`: the sign-in codes' table and limits). */
  codes: EmailCodeService;
}

export type AccountRequest<E extends AnyEndpoint> = RequestContext<E, AccountDeps>;
