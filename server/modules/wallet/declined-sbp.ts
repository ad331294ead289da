/**
 * Declined SBP attempts in the wallet history (issue #14): an SBP payment the bank or the acquirer declined moved no
 * money, so it has no ledger transaction; the history lists it from `sbp_payments` as a `failed` `sbpTopup` row with
 * the payment's id (`sbp_…`), its error code as `failureCode` and its order id as `reference` (docs/api.md
 * "Transaction details"). Expired payments (never paid) are not listed: the user did not try to pay them.
 */

/** One branch of the history's UNION ALL: the same columns as the ledger's, for user `$1`. */
export const DECLINED_SBP_HISTORY_SQL = `SELECT id, 'sbpTopup'::text AS type, 'failed'::text AS status,
    jsonb_build_object('paymentId', id, 'orderId', order_id, 'invoiceId', invoice_id) AS details,
    'credit'::text AS direction, amount, 'RUB'::text AS currency, NULL::text AS counter_currency, order_id AS reference,
    error_code AS failure_code, created_at, updated_at AS finished_at, user_id
  FROM sbp_payments WHERE user_id = $1 AND status = 'failed'`;
