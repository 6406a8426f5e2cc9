import pg from 'pg';

/**
 * One statement of the extended protocol with COMMIT behind it before the Sync: both leave in one
 * write and come back in one answer, a round trip fewer than a statement and then COMMIT. When
 * the statement fails, PostgreSQL skips everything up to the Sync, COMMIT included, so the
 * transaction stays open and failed for the caller's ROLLBACK.
 *
 * pg's Query sends Parse, Bind and Describe in `prepare`, then Execute and Sync in `_getRows`;
 * this one puts COMMIT's Parse, Bind and Execute between the two (all inside pg's cork).
 */
class CommittingQuery extends pg.Query {
  _getRows(connection: pg.Connection) {
    connection.execute({ portal: '' }, false);
    connection.parse({ text: 'COMMIT', name: '', types: [] }, false);
    connection.bind({}, false);
    connection.execute({ portal: '' }, false);
    connection.sync();
  }
}

type QueryConfig = pg.QueryConfig & { text: string };

/**
 * Runs `config` (with its own type parsers, as drizzle passes them) and commits in the same round
 * trip; answers the statement's result. A result that does not end in COMMIT is refused.
 */
export const queryAndCommit = (client: pg.PoolClient, config: QueryConfig, values?: unknown[]) =>
  new Promise<pg.QueryResult>((resolve, reject) => {
    // Always the extended protocol, also without values: the simple one would not take the COMMIT.
    const query = new CommittingQuery(
      { ...config, values, queryMode: 'extended' } as pg.QueryConfig,
      (error, results) => {
        if (error) return reject(error);
        const [result, commit] = results as unknown as pg.QueryResult[];
        if (commit?.command !== 'COMMIT' || !result) return reject(new Error('the statement did not commit'));
        resolve(result);
      },
    );
    client.query(query);
  });
