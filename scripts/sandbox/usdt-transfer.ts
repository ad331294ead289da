/**
 * Sandbox TRON chain: send USDT (TRC20) to the deposit address of a running server (SANDBOX on).
 *
 *   npx tsx scripts/sandbox/usdt-transfer.ts 100.012345                 # whole USDT + the user's 6-digit tag
 *   npx tsx scripts/sandbox/usdt-transfer.ts 100 --tag 012345           # the same, tag given apart
 *   npx tsx scripts/sandbox/usdt-transfer.ts 100.012345 --tx <hash>     # reuse a tx hash (duplicate test)
 *   options: --url http://localhost:3000 (or API_URL), --from <TRON address>
 *
 * Calls POST /api/dev/tron/transfers, which records the transfer on the sandbox chain and runs the
 * deposit watcher; prints whether it was credited (and to how many cents) or parked as unmatched (and why).
 */
import { cliArgs, runMain } from '../cli';

const { args, option, apiUrl } = cliArgs();

const main = async (): Promise<number> => {
  const url = apiUrl();
  const tag = option('tag');
  const txHash = option('tx');
  const from = option('from');
  let amount = args[0];
  if (!amount) {
    console.error('Usage: tsx scripts/sandbox/usdt-transfer.ts <amount> [--tag 012345] [--tx HASH] [--from ADDRESS] [--url URL]');
    return 2;
  }
  if (tag) {
    if (!/^\d+$/.test(amount) || !/^\d{6}$/.test(tag)) {
      console.error('With --tag, give the whole USDT amount (e.g. 100) and a 6-digit tag.');
      return 2;
    }
    amount = `${amount}.${tag}`;
  }
  const response = await fetch(`${url}/api/dev/tron/transfers`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount, ...(txHash ? { txHash } : {}), ...(from ? { from } : {}) }),
  });
  const body = (await response.json()) as { success: boolean; data?: any; error?: { code: string; message: string; fields?: object } };
  if (!body.success) {
    console.error(`Refused (${response.status} ${body.error?.code}): ${body.error?.message} ${body.error?.fields ? JSON.stringify(body.error.fields) : ''}`);
    return 1;
  }
  const { transfer, outcome } = body.data;
  console.log(`tx ${transfer.txHash}: ${transfer.amount} USDT from ${transfer.from} to ${transfer.to}`);
  if (outcome.status === 'credited') console.log(`credited ${(outcome.credited.amount / 100).toFixed(2)} USD (transaction ${outcome.transactionId})`);
  else console.log(`${outcome.status}${outcome.reason ? `: ${outcome.reason}` : ''} — not credited to anyone`);
  return 0;
};

runMain(main);
