import { serveJobs } from '../../parse-limits/bounded-worker';
import { readEinvoiceUpload, type UploadOutcome } from './einvoice-upload';

/**
 * The worker the e-invoice import reads uploads in (einvoice-import.ts, issue 28 item 1). Built
 * beside the server's main.js by scripts/build-server.mjs; keep its imports free of the database
 * and the HTTP layer.
 */
serveJobs<Uint8Array, UploadOutcome>((bytes) => readEinvoiceUpload(bytes));
