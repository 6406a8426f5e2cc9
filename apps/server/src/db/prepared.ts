/**
 * A query built once per database instance and reused: no SQL building per request, and the
 * server can cache its plan (a named prepared statement on PostgreSQL). For the hottest queries
 * only (the guards run on every call).
 */
export const preparedPerDb = <D extends object, Q>(build: (db: D) => Q): ((db: D) => Q) => {
  const cache = new WeakMap<D, Q>();
  return (db) => {
    let query = cache.get(db);
    if (!query) {
      query = build(db);
      cache.set(db, query);
    }
    return query;
  };
};
