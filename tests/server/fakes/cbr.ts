/**
 * A local fake of the Central Bank of Russia's daily rates (https://www.cbr.ru/scripts/XML_daily.asp): it serves the
 * real document format — windows-1251 bytes, `<ValCurs Date="dd.mm.yyyy">`, one `<Valute>` per currency, decimal
 * commas — and can misbehave like the real service: 5xx, a hang past the client's timeout, a malformed document.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** `redirect`: a 302 to `redirectTo` (another origin, or a path of this one). */
type CbrFakeMode = 'ok' | 'error500' | 'hang' | 'malformed' | 'html' | 'noUsd' | 'redirect';

export interface CbrFake {
  /** The document URL (pass as CBR_RATES_URL). */
  url: string;
  /** Requests answered so far. */
  readonly requests: number;
  /** The USD value ("92,5058") and document date ("dd.mm.yyyy") served in 'ok' mode. */
  set(state: { usd?: string; date?: string; nominal?: number; mode?: CbrFakeMode; redirectTo?: string }): void;
  close(): Promise<void>;
}

/** Encodes text as windows-1251 (ASCII, Cyrillic А..я, Ё, ё: all this document uses). */
export const encodeWindows1251 = (text: string): Buffer => {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) bytes.push(code);
    else if (code >= 0x410 && code <= 0x44f) bytes.push(code - 0x410 + 0xc0);
    else if (code === 0x401) bytes.push(0xa8);
    else if (code === 0x451) bytes.push(0xb8);
    else throw new Error(`not encodable in this fake: ${char}`);
  }
  return Buffer.from(bytes);
};

/** The daily document as the CBR serves it (a shortened list of currencies, same shape). */
export const cbrDocument = ({ date, usd, nominal = 1, withUsd = true }: { date: string; usd: string; nominal?: number; withUsd?: boolean }): string => {
  const valute = (id: string, num: string, code: string, nom: number, name: string, value: string, unit: string) =>
    `<Valute ID="${id}"><NumCode>${num}</NumCode><CharCode>${code}</CharCode><Nominal>${nom}</Nominal><Name>${name}</Name><Value>${value}</Value><VunitRate>${unit}</VunitRate></Valute>`;
  return [
    '<?xml version="1.0" encoding="windows-1251"?>',
    `<ValCurs Date="${date}" name="Foreign Currency Market">`,
    valute('R01010', '036', 'AUD', 1, 'Австралийский доллар', '52,4626', '52,4626'),
    valute('R01035', '826', 'GBP', 1, 'Фунт стерлингов Соединенного королевства', '103,2146', '103,2146'),
    withUsd ? valute('R01235', '840', 'USD', nominal, 'Доллар США', usd, usd) : '',
    valute('R01239', '978', 'EUR', 1, 'Евро', '88,9174', '88,9174'),
    valute('R01375', '156', 'CNY', 1, 'Китайский юань', '11,2030', '11,203'),
    valute('R01820', '392', 'JPY', 100, 'Японских иен', '51,5890', '0,51589'),
    '</ValCurs>',
  ].join('');
};

export const startCbrFake = async (initial: { usd?: string; date?: string } = {}): Promise<CbrFake> => {
  let state = { usd: initial.usd ?? '92,5058', date: initial.date ?? '01.01.2030', nominal: 1, mode: 'ok' as CbrFakeMode, redirectTo: '' };
  let requests = 0;
  const server: Server = createServer((request, response) => {
    requests++;
    if (request.url?.split('?')[0] !== '/scripts/XML_daily.asp') {
      response.writeHead(404).end();
      return;
    }
    // A redirect is answered once per request; the redirected request (`?redirected`) gets the document.
    if (state.mode === 'redirect' && !request.url?.includes('redirected')) {
      response.writeHead(302, { location: state.redirectTo }).end();
      return;
    }
    switch (state.mode) {
      case 'error500':
        response.writeHead(503, { 'content-type': 'text/html' }).end('<html><body>Service Unavailable</body></html>');
        return;
      case 'hang':
        return; // never answers: the client's timeout must fire
      case 'html':
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!DOCTYPE html><html><body>Технические работы</body></html>');
        return;
      case 'malformed': {
        const doc = cbrDocument(state);
        response.writeHead(200, { 'content-type': 'application/xml; charset=windows-1251' }).end(encodeWindows1251(doc.slice(0, doc.indexOf('R01235') + 40)));
        return;
      }
      default:
        response
          .writeHead(200, { 'content-type': 'application/xml; charset=windows-1251' })
          .end(encodeWindows1251(cbrDocument({ ...state, withUsd: state.mode !== 'noUsd' })));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/scripts/XML_daily.asp`,
    get requests() {
      return requests;
    },
    set(patch) {
      state = { ...state, ...patch };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
