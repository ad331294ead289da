/**
 * Support: every USDT transfer to the deposit address that was NOT credited automatically (parked), newest first.
 *
 *   SUPPORT_TOKEN=… npm run support:parked-deposits                 # all of them, as a table
 *   SUPPORT_TOKEN=… npm run support:parked-deposits -- --open       # only the unresolved ones
 *   SUPPORT_TOKEN=… npm run support:parked-deposits -- --json       # JSON lines, for other tools
 *   options: --url http://localhost:3000 (or API_URL)
 *
 * Reads GET /api/support/parked-deposits of a running server with the support token (the server's SUPPORT_TOKEN;
 * without it the endpoint does not exist). It talks HTTP rather than opening the database, so it is safe next to a
 * running server (an embedded database must never be opened by two processes). The token comes from the environment
 * only: never from the command line, where it would land in the shell history and the process list.
 */
import { cliArgs, runMain } from '../cli';

const { flag, apiUrl } = cliArgs();

interface Parked {
  id: number;
  txHash: string;
  from: string | null;
  amount: string;
  reason: string;
  candidateUserId: string | null;
  attribution: 'tag' | 'sender' | null;
  createdAt: string;
  resolvedAt: string | null;
}

const main = async (): Promise<number> => {
  const url = apiUrl();
  const onlyOpen = flag('open');
  const json = flag('json');
  const token = process.env.SUPPORT_TOKEN?.trim();
  if (!token) {
    console.error('Set SUPPORT_TOKEN (the same value the server was started with).');
    return 2;
  }
  const items: Parked[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?limit=500${cursor ? `&cursor=${cursor}` : ''}`;
    const response = await fetch(`${url}/api/support/parked-deposits${query}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json().catch(() => null)) as
      | { success: true; data: { items: Parked[]; nextCursor: string | null } }
      | { success: false; error: { code: string; message: string } }
      | null;
    if (!body || !body.success) {
      console.error(`${response.status}: ${body && !body.success ? `${body.error.code} ${body.error.message}` : 'not an API answer'}`);
      if (response.status === 404) console.error('Is SUPPORT_TOKEN set on the server?');
      return 1;
    }
    items.push(...body.data.items);
    cursor = body.data.nextCursor;
  } while (cursor);

  const shown = onlyOpen ? items.filter((item) => item.resolvedAt === null) : items;
  if (json) {
    for (const item of shown) console.log(JSON.stringify(item));
    return 0;
  }
  if (!shown.length) {
    console.log(onlyOpen ? 'No open parked deposits.' : 'No parked deposits.');
    return 0;
  }
  console.table(
    shown.map((item) => ({
      id: item.id,
      at: item.createdAt,
      usdt: item.amount,
      reason: item.reason,
      user: item.candidateUserId ? `${item.candidateUserId} (${item.attribution})` : '—',
      from: item.from ?? '—',
      txHash: item.txHash,
      resolved: item.resolvedAt ?? 'open',
    })),
  );
  console.log(`${shown.length} parked deposit(s)${onlyOpen ? ' open' : ''}. Users named here see theirs in the history as held for review.`);
  return 0;
};

runMain(main);
