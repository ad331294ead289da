-- Session device summaries hold names only ("Chrome 131 · Android"), shown as they are in every language; rows written
-- before said "Chrome 131 on Android" in English.
UPDATE auth_sessions SET device = replace(device, ' on ', ' · ') WHERE device LIKE '% on %';
