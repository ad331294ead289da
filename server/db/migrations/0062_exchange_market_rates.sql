-- The last good market rate of each rate provider (server/adapters/rates/cbr.ts), shared by every server process.
-- `fetched_at` is the last good fetch (the freshness limit counts from it); `attempted_at` the last try, claimed
-- with a conditional update so that one process fetches per retry interval.
CREATE TABLE exchange_market_rates (
  source text PRIMARY KEY,
  mid_rate text,
  rate_date date,
  fetched_at timestamptz,
  attempted_at timestamptz,
  last_error text,
  updated_at timestamptz NOT NULL
);
