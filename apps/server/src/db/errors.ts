/** A tenant transaction waited longer than its budget for the embedded database: answered 503, try again. */
export class DatabaseBusyError extends Error {
  constructor() {
    super('the database is busy: the request waited too long for its turn');
    this.name = 'DatabaseBusyError';
  }
}

/** The client closed its connection before the request was done: its transaction was rolled back. */
export class ClientGoneError extends Error {
  constructor() {
    super('the client has gone: the request was not finished');
    this.name = 'ClientGoneError';
  }
}
