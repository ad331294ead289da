/**
 * Unit tests of models run under node (no DOM). Node 20 has no Web Storage, which the session, language and
 * idempotency models use; this gives each test file an in-memory `localStorage` and `sessionStorage` with the
 * Storage interface. As in a browser, stored items are also the object's own enumerable properties
 * (`Object.keys(localStorage)`). Tests that need more of a browser (window, document, navigator) say
 * `// @vitest-environment happy-dom` at the top of the file.
 */
const own = (target: object, key: string) => Object.prototype.hasOwnProperty.call(target, key);

class MemoryStorage implements Storage {
  [name: string]: unknown;
  get length(): number {
    return Object.keys(this).length;
  }
  clear(): void {
    for (const key of Object.keys(this)) delete this[key];
  }
  getItem(key: string): string | null {
    return own(this, String(key)) ? (this[String(key)] as string) : null;
  }
  key(index: number): string | null {
    return Object.keys(this)[index] ?? null;
  }
  removeItem(key: string): void {
    delete this[String(key)];
  }
  setItem(key: string, value: string): void {
    this[String(key)] = String(value);
  }
}

for (const name of ['localStorage', 'sessionStorage'] as const) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value: new MemoryStorage(), configurable: true, writable: true });
}
