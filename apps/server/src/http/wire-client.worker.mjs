// The client of `wire-client.ts`, in a thread of its own. A client sharing the server's event loop
// always reads the answer before it hears of the reset; only a separate one loses the race that
// real clients lose (a broken pipe instead of the answer).
import net from 'node:net';
import { parentPort } from 'node:worker_threads';

/**
 * The answer in `received`, once its head and its whole Content-Length body have arrived; with
 * `closed`, an answer without a length is whatever followed its head (no chunked decoding).
 */
const parseAnswer = (received, closed = false) => {
  const end = received.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).trim().toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  const length = Number(headers['content-length']);
  const body = received.subarray(end + 4);
  const status = Number(statusLine.split(' ')[1]);
  if (closed && headers['content-length'] === undefined) return { status, headers, body: body.toString('utf8') };
  if (!Number.isInteger(length) || body.length < length) return undefined;
  return { status, headers, body: body.subarray(0, length).toString('utf8') };
};

/**
 * Writes the head, then the body (`body`, or `size` bytes of filler) `chunk` bytes at a time,
 * `pauseMs` between chunks, with chunked framing and no length when `chunked`. Like a naive client
 * it keeps writing even when an answer has come; once all is sent and the answer is there, it hangs up.
 */
const send = (request) =>
  new Promise((resolve) => {
    const {
      port,
      method = 'POST',
      path,
      headers = {},
      chunked = false,
      chunk = 64 * 1024,
      pauseMs = 0,
      timeoutMs = 60_000,
    } = request;
    const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
    const size = body ? body.length : request.size;
    const started = performance.now();
    const outcome = { errorBeforeAnswer: false, sent: 0, tookMs: 0 };
    let received = Buffer.alloc(0);
    let open = true;
    const socket = net.connect(port, '127.0.0.1');
    const timer = setTimeout(() => {
      outcome.error ??= 'client timeout';
      socket.destroy();
    }, timeoutMs);
    socket.on('data', (data) => {
      received = Buffer.concat([received, data]);
      outcome.answer ??= parseAnswer(received);
    });
    socket.on('error', (e) => {
      outcome.error ??= e.code ?? e.message;
      if (!outcome.answer) outcome.errorBeforeAnswer = true;
    });
    socket.on('close', () => {
      open = false;
      outcome.answer ??= parseAnswer(received, true);
      clearTimeout(timer);
      outcome.tookMs = performance.now() - started;
      resolve(outcome);
    });
    const writable = () =>
      new Promise((ok) => {
        const done = () => {
          socket.off('drain', done).off('close', done);
          ok();
        };
        socket.on('drain', done).on('close', done);
      });
    socket.on('connect', async () => {
      const head = [`${method} ${path} HTTP/1.1`, 'Host: kontor.test'];
      const given = Object.keys(headers).map((name) => name.toLowerCase());
      if (!given.includes('content-type')) head.push('Content-Type: application/json');
      for (const [name, value] of Object.entries(headers)) head.push(`${name}: ${value}`);
      head.push(chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`, '', '');
      socket.write(head.join('\r\n'));
      while (open && outcome.sent < size) {
        const n = Math.min(chunk, size - outcome.sent);
        const data = body ? body.subarray(outcome.sent, outcome.sent + n) : Buffer.alloc(n, 'x');
        const ok = socket.write(
          chunked ? Buffer.concat([Buffer.from(`${n.toString(16)}\r\n`), data, Buffer.from('\r\n')]) : data,
        );
        outcome.sent += n;
        if (!ok) await writable();
        if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
      }
      if (!open) return;
      if (chunked) socket.write('0\r\n\r\n');
      const hangUp = () => {
        if (!open) return;
        if (outcome.answer) socket.end();
        else setTimeout(hangUp, 5);
      };
      hangUp();
    });
  });

parentPort.on('message', async ({ id, request }) => {
  parentPort.postMessage({ id, outcome: await send(request) });
});
