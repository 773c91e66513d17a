/** Search statements written once per shape, then only bound (shaped-statements.ts). */
import { sql } from 'drizzle-orm';
import { SQLiteAsyncDialect } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { shapedStatement } from '../../src/server/search/shaped-statements.ts';

const dialect = new SQLiteAsyncDialect();
const render = (statement: Parameters<SQLiteAsyncDialect['sqlToQuery']>[0]) => dialect.sqlToQuery(statement);

describe('shapedStatement', () => {
  it('writes the same text and parameters as the statement it was built from, with each call’s values', () => {
    const build = () =>
      sql`SELECT ${sql.raw('a')} FROM t WHERE x > ${sql.placeholder('now')} AND y = ${'fixed'} AND z IN (SELECT value FROM json_each(${sql.placeholder('ids')}))`;
    const first = render(shapedStatement('test:same', build, { now: 1, ids: '[1,2]' }));
    const second = render(shapedStatement('test:same', build, { now: 2, ids: '[3]' }));
    expect(first.sql).toBe('SELECT a FROM t WHERE x > ? AND y = ? AND z IN (SELECT value FROM json_each(?))');
    expect(first.params).toEqual([1, 'fixed', '[1,2]']);
    expect(second.sql).toBe(first.sql);
    expect(second.params).toEqual([2, 'fixed', '[3]']);
  });

  it('builds each shape once, and another shape anew', () => {
    let builds = 0;
    const build = (column: string) => () => (builds++, sql`SELECT ${sql.raw(column)} FROM t WHERE x = ${sql.placeholder('x')}`);
    for (let i = 0; i < 3; i++) shapedStatement('test:once', build('a'), { x: i });
    const other = render(shapedStatement('test:other', build('b'), { x: 9 }));
    expect([other.sql, other.params]).toEqual(['SELECT b FROM t WHERE x = ?', [9]]);
    expect(builds).toBe(2);
  });

  it('refuses a value missing for a placeholder, and a text whose "?" is not a parameter', () => {
    const build = () => sql`SELECT 1 WHERE x = ${sql.placeholder('x')}`;
    expect(() => shapedStatement('test:missing', build, {})).toThrow();
    expect(() => shapedStatement('test:question', () => sql`SELECT '?' WHERE x = ${sql.placeholder('x')}`, { x: 1 })).toThrow(/not a parameter/);
  });
});
