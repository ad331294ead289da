import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How often a socket discarding a refused body is looked at (drained, or over its bound). */
const DISCARD_CHECK_MS = 20;

/** Sockets whose request body is being read and discarded after its answer was sent (see registerBodyDiscard). */
const discarding = new WeakSet<Socket>();

/** The answer on this socket is already sent; what still arrives is the refused body being discarded. */
export const isDiscardingBody = (socket: Socket): boolean => discarding.has(socket);

/**
 * An answer written while the request body is still arriving — 413 over the body limit, 415 not JSON — is marked
 * `Connection: close` by Fastify, and Node then closes the socket with the rest of the body unread: the kernel answers
 * the client's next bytes with a reset, and a client still sending (fetch, node:http, chunked) sees EPIPE or
 * ECONNRESET instead of the 413. Instead the connection is kept: Node reads the rest of the body and drops it
 * (IncomingMessage#_dump), up to `maxBytes` (BODY_DISCARD_MAX_BYTES; then, or at REQUEST_TIMEOUT_MS, the socket is
 * destroyed as before), then closes it if the client asked for that; otherwise the client may reuse it.
 *
 * Registered before registerGracefulClose, whose `Connection: close` while the server stops must stand.
 */
export const registerBodyDiscard = (app: FastifyInstance, { maxBytes }: { maxBytes: number }): void => {
  app.addHook('onSend', (request, reply, payload, done) => {
    const incoming = request.raw;
    if (incoming.complete || reply.statusCode < 400 || maxBytes === 0) return done(null, payload);
    // Not closed when the answer is sent (also when the client asked for Connection: close): Node keeps reading.
    reply.removeHeader('connection');
    reply.raw.shouldKeepAlive = true;
    const clientCloses = /\bclose\b/i.test(String(incoming.headers.connection ?? ''));
    const socket = incoming.socket;
    discarding.add(socket);
    const readAtAnswer = socket.bytesRead;
    const drained = () => {
      discarding.delete(socket);
      if (clientCloses && !socket.destroyed) socket.end(); // the whole body is read: closing now resets nothing
    };
    // Node drops a dumped request's body inside its parser (no 'data' events), so the bytes are counted on the socket.
    const watch = setInterval(() => {
      if (socket.destroyed) {
        clearInterval(watch);
        discarding.delete(socket);
      } else if (incoming.complete) {
        clearInterval(watch);
        drained();
      } else if (socket.bytesRead - readAtAnswer > maxBytes) {
        clearInterval(watch);
        socket.destroy();
      }
    }, DISCARD_CHECK_MS);
    watch.unref();
    done(null, payload);
  });
};
