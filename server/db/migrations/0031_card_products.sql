-- Card products (SPEC §3 "Card product"): the catalogue GET /api/cards/products shows. Money in minor
-- units of the product currency. issueCost = creation_fee + issuing_fee (computed, never stored).
-- Catalogue texts per language: {"en": ..., "ru": ...}; the server picks one from Accept-Language.
CREATE TABLE card_products (
  id                text PRIMARY KEY,
  scheme            text NOT NULL CHECK (scheme IN ('visa', 'mastercard', 'unionPay', 'amex', 'discover', 'other')),
  form              text NOT NULL CHECK (form IN ('virtual', 'physical')),
  currency          text NOT NULL CHECK (currency IN ('USD', 'RUB')),
  creation_fee      bigint NOT NULL CHECK (creation_fee >= 0),      -- ours
  issuing_fee       bigint NOT NULL CHECK (issuing_fee >= 0),       -- the issuer's, passed through
  minimal_deposit   bigint NOT NULL CHECK (minimal_deposit > 0),    -- smallest initial deposit
  deposit_fee_bps   integer NOT NULL CHECK (deposit_fee_bps BETWEEN 0 AND 10000),
  deposit_fee_fixed bigint NOT NULL CHECK (deposit_fee_fixed >= 0),
  deposit_min       bigint NOT NULL CHECK (deposit_min > 0),        -- bounds of one top-up / deposit
  deposit_max       bigint NOT NULL,
  name              jsonb NOT NULL,
  description       jsonb NOT NULL,
  requirements      jsonb NOT NULL,                                 -- {"en": [..], "ru": [..]}
  image_url         text,
  available         boolean NOT NULL DEFAULT true,                  -- false: listed, but issue is refused (PRODUCT_UNAVAILABLE)
  retired_at        timestamptz,                                    -- no longer offered: hidden, "Product Not Found"
  sort_order        integer NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  CHECK (deposit_min <= deposit_max),
  CHECK (minimal_deposit BETWEEN deposit_min AND deposit_max)
);
CREATE UNIQUE INDEX card_products_order_idx ON card_products (sort_order, id);

INSERT INTO card_products (id, scheme, form, currency, creation_fee, issuing_fee, minimal_deposit, deposit_fee_bps,
  deposit_fee_fixed, deposit_min, deposit_max, name, description, requirements, available, retired_at, sort_order) VALUES
('prd_visa_virtual_usd', 'visa', 'virtual', 'USD', 500, 500, 1000, 150, 0, 1000, 1000000,
  '{"en": "Visa Virtual", "ru": "Visa Виртуальная"}',
  '{"en": "A virtual Visa card in US dollars for online shopping and subscriptions. Ready in a minute, works with Apple Pay and Google Pay.", "ru": "Виртуальная карта Visa в долларах США для покупок в интернете и подписок. Готова за минуту, работает с Apple Pay и Google Pay."}',
  '{"en": ["Verified account", "USD wallet balance covering the issue cost, the initial deposit and its fee", "Initial deposit from $10.00"], "ru": ["Подтверждённый аккаунт", "Баланс USD-кошелька покрывает стоимость выпуска, первый депозит и комиссию за него", "Первый депозит от 10,00 $"]}',
  true, NULL, 10),
('prd_mastercard_virtual_usd', 'mastercard', 'virtual', 'USD', 700, 300, 1000, 200, 0, 1000, 500000,
  '{"en": "Mastercard Virtual", "ru": "Mastercard Виртуальная"}',
  '{"en": "A virtual Mastercard in US dollars, accepted by online stores, app stores and travel sites worldwide.", "ru": "Виртуальная карта Mastercard в долларах США: принимается интернет-магазинами, магазинами приложений и сайтами путешествий по всему миру."}',
  '{"en": ["Verified account", "USD wallet balance covering the issue cost, the initial deposit and its fee", "Initial deposit from $10.00"], "ru": ["Подтверждённый аккаунт", "Баланс USD-кошелька покрывает стоимость выпуска, первый депозит и комиссию за него", "Первый депозит от 10,00 $"]}',
  true, NULL, 20),
('prd_unionpay_virtual_usd', 'unionPay', 'virtual', 'USD', 300, 700, 2000, 100, 50, 2000, 300000,
  '{"en": "UnionPay Virtual", "ru": "UnionPay Виртуальная"}',
  '{"en": "A virtual UnionPay card in US dollars, handy for payments in Asia and on Chinese marketplaces.", "ru": "Виртуальная карта UnionPay в долларах США, удобна для оплаты в Азии и на китайских маркетплейсах."}',
  '{"en": ["Verified account", "USD wallet balance covering the issue cost, the initial deposit and its fee", "Initial deposit from $20.00"], "ru": ["Подтверждённый аккаунт", "Баланс USD-кошелька покрывает стоимость выпуска, первый депозит и комиссию за него", "Первый депозит от 20,00 $"]}',
  true, NULL, 30),
('prd_mastercard_virtual_rub', 'mastercard', 'virtual', 'RUB', 50000, 50000, 100000, 100, 0, 100000, 50000000,
  '{"en": "Mastercard Virtual RUB", "ru": "Mastercard Виртуальная в рублях"}',
  '{"en": "A virtual Mastercard in roubles for online payments.", "ru": "Виртуальная карта Mastercard в рублях для оплаты в интернете."}',
  '{"en": ["Verified account", "RUB wallet balance covering the issue cost, the initial deposit and its fee", "Initial deposit from 1,000 RUB"], "ru": ["Подтверждённый аккаунт", "Баланс рублёвого кошелька покрывает стоимость выпуска, первый депозит и комиссию за него", "Первый депозит от 1 000 ₽"]}',
  true, NULL, 40),
('prd_visa_physical_usd', 'visa', 'physical', 'USD', 2000, 3000, 5000, 150, 100, 2000, 2500000,
  '{"en": "Visa Platinum", "ru": "Visa Platinum"}',
  '{"en": "A physical Visa Platinum card in US dollars: contactless payments in shops and cash withdrawals abroad. Made and shipped in about two weeks; activate it with the code from its envelope.", "ru": "Пластиковая карта Visa Platinum в долларах США: бесконтактная оплата в магазинах и снятие наличных за рубежом. Изготовление и доставка около двух недель; активируйте её кодом из конверта."}',
  '{"en": ["Verified account", "USD wallet balance covering the issue cost, the initial deposit and its fee", "Initial deposit from $50.00", "Activation code from the card envelope"], "ru": ["Подтверждённый аккаунт", "Баланс USD-кошелька покрывает стоимость выпуска, первый депозит и комиссию за него", "Первый депозит от 50,00 $", "Код активации из конверта с картой"]}',
  true, NULL, 50),
('prd_mastercard_physical_usd', 'mastercard', 'physical', 'USD', 2500, 3500, 5000, 150, 100, 2000, 2500000,
  '{"en": "Mastercard World", "ru": "Mastercard World"}',
  '{"en": "A physical Mastercard World card in US dollars with contactless payments and ATM withdrawals worldwide. Made and shipped in about two weeks.", "ru": "Пластиковая карта Mastercard World в долларах США: бесконтактная оплата и снятие наличных в банкоматах по всему миру. Изготовление и доставка около двух недель."}',
  '{"en": ["Verified account", "USD wallet balance covering the issue cost, the initial deposit and its fee", "Initial deposit from $50.00", "Activation code from the card envelope"], "ru": ["Подтверждённый аккаунт", "Баланс USD-кошелька покрывает стоимость выпуска, первый депозит и комиссию за него", "Первый депозит от 50,00 $", "Код активации из конверта с картой"]}',
  true, NULL, 60),
('prd_unionpay_physical_usd', 'unionPay', 'physical', 'USD', 2000, 2500, 5000, 100, 100, 2000, 1000000,
  '{"en": "UnionPay Gold", "ru": "UnionPay Gold"}',
  '{"en": "A physical UnionPay Gold card in US dollars. Issuing is paused for now: the card is shown but cannot be ordered.", "ru": "Пластиковая карта UnionPay Gold в долларах США. Выпуск временно приостановлен: карту видно, но заказать её сейчас нельзя."}',
  '{"en": ["Verified account", "USD wallet balance covering the issue cost, the initial deposit and its fee", "Initial deposit from $50.00", "Activation code from the card envelope"], "ru": ["Подтверждённый аккаунт", "Баланс USD-кошелька покрывает стоимость выпуска, первый депозит и комиссию за него", "Первый депозит от 50,00 $", "Код активации из конверта с картой"]}',
  false, NULL, 70),
('prd_visa_virtual_usd_2023', 'visa', 'virtual', 'USD', 300, 300, 1000, 200, 0, 1000, 300000,
  '{"en": "Visa Virtual (2023)", "ru": "Visa Виртуальная (2023)"}',
  '{"en": "The 2023 virtual Visa, no longer offered.", "ru": "Виртуальная Visa 2023 года, больше не выпускается."}',
  '{"en": ["Verified account"], "ru": ["Подтверждённый аккаунт"]}',
  false, '2024-06-30T00:00:00Z', 900);
