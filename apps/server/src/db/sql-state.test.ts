// The one reading of database errors (db/sql-state.ts): the code is found however deep drizzle wrapped the driver's
// error, and Node's socket codes are never taken for a SQLSTATE.
import { describe, expect, it } from 'vitest';
import { hasErrorCode, hasErrorMessage, isUniqueViolation, sqlStateOf } from './sql-state';

const wrapped = (inner: unknown) => Object.assign(new Error('Failed query: insert into ...'), { cause: inner });

describe('sqlStateOf', () => {
  it('finds the SQLSTATE of the driver error inside drizzle wrappers', () => {
    const driver = Object.assign(new Error('duplicate key value'), { code: '23505' });
    expect(sqlStateOf(driver)).toBe('23505');
    expect(sqlStateOf(wrapped(driver))).toBe('23505');
    expect(sqlStateOf(wrapped(wrapped(driver)))).toBe('23505');
    expect(isUniqueViolation(wrapped(wrapped(driver)))).toBe(true);
  });

  it('takes no socket code, no other unique-looking value and no missing error for a SQLSTATE', () => {
    expect(sqlStateOf(Object.assign(new Error('broken pipe'), { code: 'EPIPE' }))).toBeNull();
    expect(sqlStateOf(wrapped(Object.assign(new Error('x'), { code: 'ECONNRESET' })))).toBeNull();
    expect(sqlStateOf(null)).toBeNull();
    expect(sqlStateOf('23505')).toBeNull();
    expect(isUniqueViolation(wrapped(Object.assign(new Error('x'), { code: '23503' })))).toBe(false);
  });

  it('knows the classes PostgreSQL names with letters', () => {
    expect(sqlStateOf({ code: 'P0001' })).toBe('P0001');
    expect(sqlStateOf({ code: '55P03' })).toBe('55P03');
    expect(sqlStateOf({ code: 'XX000' })).toBe('XX000');
  });
});

describe('hasErrorCode and hasErrorMessage', () => {
  it('look along the whole chain', () => {
    const error = wrapped(wrapped(Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' })));
    expect(hasErrorCode(error, new Set(['ECONNRESET']))).toBe(true);
    expect(hasErrorCode(error, new Set(['EPIPE']))).toBe(false);
    expect(hasErrorMessage(error, /Connection terminated/)).toBe(true);
    expect(hasErrorMessage(wrapped(new Error('syntax error')), /Connection terminated/)).toBe(false);
  });
});
