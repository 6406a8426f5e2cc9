/**
 * How much work one uploaded file may cause when the server unpacks or parses it (issue 28 item 1:
 * a 2.4 KB PDF whose attachment inflated to 1 GiB took the process to 1.45 GB and blocked every
 * other request). Every place that inflates or parses what a user uploads holds to these.
 */
export const parseLimits = {
  /** Bytes inflated for one file, summed over every filter level and every stream read. */
  inflatedBytes: 10 * 1024 * 1024,
  /** Filters chained on one stream: producers use one, a bomb stacks them. */
  filterLevels: 4,
  /** XML elements in one document: an e-invoice of 1,000 lines has 13,000 to 50,000. */
  xmlElements: 100_000,
  /** XML nesting: UBL and CII go about 12 levels deep. */
  xmlDepth: 64,
  /** PDF objects and name-tree nodes visited, and arrays or dictionaries nested, while looking for one file. */
  pdfObjects: 200_000,
  pdfNesting: 64,
  /** Pixel bytes of an image the PDF engine decodes (a signature or logo; 1,600 × 1,600 RGBA is 10 MiB). */
  imagePixelBytes: 10 * 1024 * 1024,
  /** A parse that runs longer is stopped (its worker is ended): 100,000 elements take about two seconds. */
  workerMillis: 5_000,
  /** Heap of a parse worker: reading 100,000 elements needs about 150 MB. */
  workerHeapMb: 256,
  /** Parses waiting for the worker; more are refused at once instead of piling up. */
  workerQueue: 8,
} as const;
