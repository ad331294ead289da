import type { Queryable } from '../db/db';

/**
 * Switches of the sandbox adapters, kept in the database (`sandbox_settings`) so that every server
 * process of one deployment sees the same sandbox (the load benchmark runs two).
 */
export const readSandboxSetting = async <T extends object>(q: Queryable, key: string, defaults: T): Promise<T> => {
  const [row] = await q.query<{ value: Partial<T> }>('SELECT value FROM sandbox_settings WHERE key = $1', [key]);
  return { ...defaults, ...(row?.value ?? {}) };
};

/** Merges `patch` into the stored value (keys absent from the patch keep their value). */
export const writeSandboxSetting = async <T extends object>(q: Queryable, key: string, patch: Partial<T>, now: Date): Promise<void> => {
  await q.query(
    `INSERT INTO sandbox_settings (key, value, updated_at) VALUES ($1, $2::jsonb, $3)
     ON CONFLICT (key) DO UPDATE SET value = sandbox_settings.value || EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [key, JSON.stringify(patch), now],
  );
};
