/**
 * Unit tests of models run under node (no DOM). Node 20 has no Web Storage, which the session, language and
 * idempotency models use; this gives each test file an in-memory `localStorage` and `sessionStorage` with the
 * Storage interface. Tests that need more of a browser (window, document, navigator) say
 * `// @vitest-environment jsdom` at the top of the file.
 */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(String(key)) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(String(key));
  }
  setItem(key: string, value: string): void {
    this.items.set(String(key), String(value));
  }
}

for (const name of ['localStorage', 'sessionStorage'] as const) {
  if (!(name in globalThis)) Object.defineProperty(globalThis, name, { value: new MemoryStorage(), configurable: true, writable: true });
}
