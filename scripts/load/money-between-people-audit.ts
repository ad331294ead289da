/**
 * The exactly-once audit of money between people and money out (issue #36), shared by the storms
 * (tests/server/money-storm*.test.ts) and the kill -9 fault suite (tests/faults, through auditWorkload):
 *
 * - every transfer is ONE balanced ledger transaction of its own (type p2pTransfer, sender's wallet → recipient's wallet,
 *   the transfer's amount), never two for one row;
 * - a paid payment request has exactly one transfer, an open or cancelled one none;
 * - every withdrawal has its one reserve posting (the wallet row), and once final exactly one outcome: a settle when
 *   completed, a refund when failed or rejected (a failure refunds exactly once); the clearing account is back at zero
 *   once none is in flight;
 * - `acked` (optional): the ids the clients were answered 200 for are in the database once each and nothing else is.
 */
import type { Queryable } from '../../server/db/db';

export interface MoneyBetweenPeopleAcks {
  transfers: readonly string[];
  withdrawals: readonly string[];
}

export interface MoneyBetweenPeopleAudit {
  problems: string[];
  lines: Array<[string, string]>;
}

export const auditMoneyBetweenPeople = async (db: Queryable, acked?: MoneyBetweenPeopleAcks): Promise<MoneyBetweenPeopleAudit> => {
  const problems: string[] = [];
  const lines: Array<[string, string]> = [];
  const rows = <T>(sql: string, params: unknown[] = []) => db.query<T & Record<string, unknown>>(sql, params as never[]) as Promise<T[]>;

  // Transfers: one ledger transaction each, with the transfer's two entries.
  const transfers = await rows<{ id: string; bad: boolean }>(
    `SELECT p.id,
       (SELECT count(*) FROM ledger_transactions t WHERE t.id = p.transaction_id AND t.type = 'p2pTransfer' AND t.details->>'transferId' = p.id) <> 1
       OR (SELECT count(*) FROM ledger_transactions t WHERE t.type = 'p2pTransfer' AND t.details->>'transferId' = p.id) <> 1
       OR NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = p.transaction_id AND e.account_id = 'wal_' || p.sender_id || '_' || p.currency AND e.amount = -p.amount)
       OR NOT EXISTS (SELECT 1 FROM ledger_entries e WHERE e.transaction_id = p.transaction_id AND e.account_id = 'wal_' || p.recipient_id || '_' || p.currency AND e.amount = p.amount)
       OR (SELECT count(*) FROM ledger_entries e WHERE e.transaction_id = p.transaction_id) <> 2 AS bad
     FROM p2p_transfers p`,
  );
  const badTransfers = transfers.filter((t) => t.bad);
  lines.push(['transfers: one balanced ledger transaction each', `${transfers.length - badTransfers.length} / ${transfers.length}`]);
  if (badTransfers.length) problems.push(`transfers not in the ledger exactly once: ${JSON.stringify(badTransfers.slice(0, 10))}`);
  const [orphans] = await rows<{ n: number }>(
    `SELECT count(*)::int AS n FROM ledger_transactions t WHERE t.type = 'p2pTransfer' AND NOT EXISTS (SELECT 1 FROM p2p_transfers p WHERE p.transaction_id = t.id)`,
  );
  if (orphans!.n) problems.push(`${orphans!.n} p2pTransfer ledger transactions without their transfer row`);

  // Payment requests: paid at most once, and a paid one by exactly the transfer it names.
  const requests = await rows<{ id: string; status: string; transfers: number; named: boolean }>(
    `SELECT r.id, r.status, (SELECT count(*)::int FROM p2p_transfers p WHERE p.request_id = r.id) AS transfers,
       r.transfer_id IS NOT DISTINCT FROM (SELECT min(p.id) FROM p2p_transfers p WHERE p.request_id = r.id) AS named
     FROM payment_requests r`,
  );
  const badRequests = requests.filter((r) => (r.status === 'paid' ? r.transfers !== 1 || !r.named : r.transfers !== 0));
  lines.push(['payment requests paid / paid exactly once or not at all', `${requests.filter((r) => r.status === 'paid').length} / ${requests.length - badRequests.length} of ${requests.length}`]);
  if (badRequests.length) problems.push(`payment requests not paid exactly once: ${JSON.stringify(badRequests.slice(0, 10))}`);

  // Withdrawals: one reserve; final ones exactly one outcome matching their status; none in flight leaves clearing at 0.
  const withdrawals = await rows<{ id: string; status: string; reserves: number; settles: number; refunds: number }>(
    `SELECT w.id, w.status,
       (SELECT count(*)::int FROM ledger_transactions t WHERE t.id = w.transaction_id AND t.type IN ('usdtWithdrawal', 'sbpWithdrawal')) AS reserves,
       (SELECT count(*)::int FROM ledger_transactions t WHERE t.type = 'withdrawalSettle' AND t.details->>'withdrawalId' = w.id) AS settles,
       (SELECT count(*)::int FROM ledger_transactions t WHERE t.type = 'withdrawalRefund' AND t.details->>'withdrawalId' = w.id) AS refunds
     FROM withdrawals w`,
  );
  const expected: Record<string, [number, number]> = { completed: [1, 0], failed: [0, 1], rejected: [0, 1] };
  const badWithdrawals = withdrawals.filter((w) => {
    const [settles, refunds] = expected[w.status] ?? [0, 0];
    return w.reserves !== 1 || w.settles !== settles || w.refunds !== refunds;
  });
  const byStatus = withdrawals.reduce<Record<string, number>>((acc, w) => ({ ...acc, [w.status]: (acc[w.status] ?? 0) + 1 }), {});
  lines.push(['withdrawals by status', JSON.stringify(byStatus)]);
  lines.push(['withdrawals reserved once, settled or refunded once', `${withdrawals.length - badWithdrawals.length} / ${withdrawals.length}`]);
  if (badWithdrawals.length) problems.push(`withdrawals not reserved/settled/refunded exactly once: ${JSON.stringify(badWithdrawals.slice(0, 10))}`);
  const inFlight = withdrawals.filter((w) => !(w.status in expected)).length;
  const clearing = await rows<{ currency: string; balance: number }>(`SELECT currency, balance::bigint AS balance FROM ledger_accounts WHERE code = 'withdrawal_clearing' ORDER BY currency`);
  lines.push(['withdrawal clearing (in flight)', `${clearing.map((c) => `${c.currency} ${c.balance}`).join(', ') || 'none'} (${inFlight} in flight)`]);
  if (inFlight === 0 && clearing.some((c) => Number(c.balance) !== 0)) problems.push(`withdrawal clearing not at zero with nothing in flight: ${JSON.stringify(clearing)}`);

  if (acked) {
    for (const [label, ids, table] of [
      ['transfers', acked.transfers, 'p2p_transfers'],
      ['withdrawals', acked.withdrawals, 'withdrawals'],
    ] as const) {
      const [all] = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      const [present] = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE id = ANY($1::text[])`, [[...ids]]);
      const distinct = new Set(ids).size;
      lines.push([`acknowledged ${label} / in the database`, `${distinct} / ${all!.n}`]);
      if (present!.n !== distinct || all!.n !== distinct) problems.push(`${label}: acknowledged ${distinct} distinct, found ${present!.n} of them, ${all!.n} in all`);
    }
  }
  return { problems, lines };
};
