import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * How much of a refused body is read and discarded before its answer: a few times the body limit,
 * for at most 10 s. Beyond either the connection is closed after the answer.
 */
export const drainBounds = { bytes: 16 * 1024 * 1024, ms: 10_000 } as const;

/**
 * Reads and discards the rest of `req`'s body. True when it ended (or the client went away),
 * false when a bound was reached first; what arrives later is still discarded until the socket closes.
 */
export const drainBody = (req: IncomingMessage, bounds: { bytes: number; ms: number } = drainBounds) =>
  new Promise<boolean>((resolve) => {
    let drained = 0;
    const finish = (ended: boolean) => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('close', onEnd).off('error', onEnd);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > bounds.bytes) finish(false);
    };
    const onEnd = () => finish(true);
    const timer = setTimeout(() => finish(false), bounds.ms);
    req.on('data', onData).once('end', onEnd).once('close', onEnd).once('error', onEnd);
    req.resume();
  });

/**
 * An error answered before the request's body has arrived (413 above the body limit, a refusal
 * in a hook) waits until the rest of the body is read, up to `drainBounds`. Else the server closes
 * the socket while the client still sends, the client's kernel answers the unread bytes with a
 * reset, and the client sees a broken pipe instead of the answer. A body beyond the bounds gets
 * its answer and `Connection: close`: the socket is closed once the answer is flushed.
 */
export const installBodyDrain = (app: FastifyInstance): void => {
  app.addHook('onSend', async (req, reply, payload) => {
    // `complete` is false only on a real socket whose body is still arriving (inject has none).
    if (reply.statusCode < 400 || req.raw.complete !== false || req.raw.destroyed) return payload;
    const ended = await drainBody(req.raw);
    if (!ended) {
      req.log.info('request body beyond the drain bound: closing the connection after the answer');
      reply.header('connection', 'close');
    }
    return payload;
  });
};
