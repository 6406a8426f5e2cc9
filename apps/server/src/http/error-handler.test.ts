import { describe, expect, test } from 'vitest';
import { queryLabel } from './error-handler';

describe('queryLabel', () => {
  test('names a failed statement by its verb and first table, never by its text or parameters', () => {
    const error = { query: 'select "id", "email" from "users" where "email" = $1', params: ['anna@example.de'] };
    expect(queryLabel(error)).toBe('select "users"');
    expect(queryLabel({ query: 'insert into "sessions" ("token_hash") values ($1)' })).toBe('insert "sessions"');
    expect(queryLabel({ query: 'update "records" set "data" = $1' })).toBe('update "records"');
    expect(queryLabel({ query: 'with m as (select 1) select * from m' })).toBe('select m');
    expect(queryLabel(new Error('x'))).toBeUndefined();
  });
});
