/**
 * Transfers received from other users in the wallet history (issue #36): a transfer is ONE ledger transaction whose
 * `user_id` is the sender (their history lists it from the ledger as a debit); the recipient's side is read from
 * `p2p_transfers` as a `p2pTransfer` credit under the same transaction id (docs/api.md "Transfers between users").
 */

/** One branch of the history's UNION ALL: the same columns as the ledger's, for user `$1`. */
export const RECEIVED_TRANSFERS_HISTORY_SQL = `SELECT transaction_id AS id, 'p2pTransfer'::text AS type, 'completed'::text AS status,
    jsonb_build_object('transferId', id, 'counterpartyName', sender_name, 'note', note, 'requestId', request_id) AS details,
    'credit'::text AS direction, amount, currency, NULL::text AS counter_currency, id AS reference,
    NULL::text AS failure_code, created_at, created_at AS finished_at, recipient_id AS user_id
  FROM p2p_transfers WHERE recipient_id = $1`;
