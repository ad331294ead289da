// Clients sending a big JSON body at once, in a process of their own (so the server's event loop is not theirs):
// node big-body-clients.mjs <url> <clients> <bytes> <kind: node|chunked|fetch> → prints a JSON array of outcomes.
import http from 'node:http';

const [url, clients, bytes, kind] = process.argv.slice(2);
const body = JSON.stringify({ email: 'a@example.com', purpose: 'signup', pad: 'x'.repeat(Number(bytes)) });
const outcome = (status, text) => {
  try {
    return status === 413 && JSON.parse(text).error.code === 'PAYLOAD_TOO_LARGE' ? 'ok' : `${status}`;
  } catch {
    return `${status} not the envelope`;
  }
};
const viaNodeHttp = (chunked) =>
  new Promise((resolve) => {
    const req = http.request(
      url,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': Buffer.byteLength(body) }) } },
      (res) => {
        let text = '';
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve(outcome(res.statusCode, text)));
      },
    );
    req.on('error', (error) => resolve(`failed: ${error.code}`));
    if (chunked) for (let offset = 0; offset < body.length; offset += 65_536) req.write(body.slice(offset, offset + 65_536));
    req.end(chunked ? undefined : body);
  });
const viaFetch = async () => {
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    return outcome(res.status, await res.text());
  } catch (error) {
    return `failed: ${error.cause?.code ?? error}`;
  }
};
const send = kind === 'fetch' ? viaFetch : () => viaNodeHttp(kind === 'chunked');
console.log(JSON.stringify(await Promise.all(Array.from({ length: Number(clients) }, () => send()))));
