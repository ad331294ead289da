-- The sandbox card issuer's own store (server/adapters/card-issuer/sandbox.ts). It stands for the
-- issuer's systems: card secrets live here only, sealed with the sandbox issuer key (AES-256-GCM),
-- never in our cards table and never in clear.
CREATE TABLE sandbox_card_issuer_cards (
  card_ref            text PRIMARY KEY,               -- our card id (the issuer keys cards by the program's ref)
  issuer_card_id      text NOT NULL UNIQUE,           -- the issuer's own id (isc_...)
  user_ref            text NOT NULL,
  product_ref         text NOT NULL,
  form                text NOT NULL CHECK (form IN ('virtual', 'physical')),
  scheme              text NOT NULL,
  currency            text NOT NULL,
  cardholder_name     text NOT NULL,
  state               text NOT NULL
    CHECK (state IN ('processing', 'fabricating', 'shipped', 'active', 'frozen', 'rejected', 'failed')),
  last4               text NOT NULL,
  secret_box          text NOT NULL,                  -- sealed JSON {pan, expiryMonth, expiryYear, cvv}
  activation_code_box text,                           -- sealed 6-digit code, set when a physical card ships
  created_at          timestamptz NOT NULL,
  updated_at          timestamptz NOT NULL
);

-- Dev controls (POST /api/dev/card-issuer/mode): outcome per operation and processing delay, shared by
-- every server process on this database.
CREATE TABLE sandbox_card_issuer_settings (
  id         boolean PRIMARY KEY DEFAULT true CHECK (id),
  modes      jsonb NOT NULL DEFAULT '{}'::jsonb,      -- {issue, activate, freeze, unfreeze, topup}: ok|reject|fail|unavailable
  delay_ms   integer CHECK (delay_ms >= 0),           -- NULL: CARD_ISSUER_SANDBOX_DELAY_MS or the default
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO sandbox_card_issuer_settings (id) VALUES (true);

-- Per-card outcome overrides (POST /api/dev/cards/{id}/issuer-mode); may be set before the issuer knows the card.
CREATE TABLE sandbox_card_issuer_card_modes (
  card_ref   text PRIMARY KEY,
  modes      jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);
