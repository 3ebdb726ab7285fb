import { array, number, refine, string, type } from 'superstruct';
import {
  ResponseShapeError,
  check,
  checked,
  formatPath,
  partChecker,
  responseSchema,
} from '../../../src/api/validate';

const Row = type({ id: string(), count: number() });

describe('check', () => {
  it('returns a matching value, extra fields kept', () => {
    const value = { id: 'a', count: 1, extra: true };
    expect(check(Row, value, 'GET /api/db/x')).toBe(value);
  });

  it('names the endpoint and the failing path', () => {
    expect(() =>
      check(
        array(Row),
        [
          { id: 'a', count: 1 },
          { id: 'b', count: 'two' },
        ],
        'GET /api/db/x',
      ),
    ).toThrow(
      'Unexpected response from GET /api/db/x: [1].count Expected a number, but received: "two"',
    );
  });

  it('throws a ResponseShapeError with its parts', () => {
    let caught: unknown;
    try {
      check(
        type({ payload: type({ user: type({ id: string() }) }) }),
        { payload: { user: {} } },
        'GET /api/auth/whoami',
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ResponseShapeError);
    const error = caught as ResponseShapeError;
    expect(error.name).toBe('ResponseShapeError');
    expect(error.what).toBe('GET /api/auth/whoami');
    expect(error.path).toBe('payload.user.id');
    expect(error.message).toMatch(
      /^Unexpected response from GET \/api\/auth\/whoami: payload\.user\.id Expected a string/,
    );
  });

  it('calls the whole body "response" when it is of the wrong kind', () => {
    expect(() => check(array(Row), { rows: [] }, 'GET /api/db/x')).toThrow(
      /^Unexpected response from GET \/api\/db\/x: response Expected an array/,
    );
  });

  it('has a transformResponse form', () => {
    const transform = checked(Row, 'GET /api/db/x');
    expect(transform({ id: 'a', count: 2 })).toEqual({ id: 'a', count: 2 });
    expect(() => transform(null)).toThrow(ResponseShapeError);
  });
});

describe('formatPath', () => {
  it('joins keys and indexes', () => {
    expect(formatPath(['payload', 'roles', 2])).toBe('payload.roles[2]');
    expect(formatPath([0, 'name'])).toBe('[0].name');
    expect(formatPath([])).toBe('response');
  });
});

describe('responseSchema', () => {
  it('is a Standard Schema that passes good values through', () => {
    const schema = responseSchema(Row, 'GET /api/db/x');
    expect(schema['~standard'].version).toBe(1);
    expect(schema['~standard'].validate({ id: 'a', count: 1 })).toEqual({
      value: { id: 'a', count: 1 },
    });
  });

  it('reports the full message as its issue', () => {
    const result = responseSchema(Row, 'GET /api/db/x')['~standard'].validate({ id: 1, count: 1 });
    expect(result.issues).toEqual([
      {
        message: 'Unexpected response from GET /api/db/x: id Expected a string, but received: 1',
        path: ['id'],
      },
    ]);
  });
});

describe('partChecker', () => {
  it('names the endpoint and the path of the part before the failing one', () => {
    const checkPart = partChecker(Row, 'GET /api/x');
    expect(checkPart({ id: 'a', count: 1 }, ['cards', 0])).toBeUndefined();
    const error = checkPart({ id: 'a', count: 'many' }, ['cards', 3]);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(error?.message).toBe(
      'Unexpected response from GET /api/x: cards[3].count Expected a number, but received: "many"',
    );
  });

  it('checks each object once, and a part that is no object every time', () => {
    let checks = 0;
    const Counted = refine(Row, 'counted', () => {
      checks += 1;
      return true;
    });
    const checkPart = partChecker(Counted, 'GET /api/x');
    const good = { id: 'a', count: 1 };
    const bad = { id: 2, count: 1 };
    checkPart(good, ['cards', 0]);
    checkPart(good, ['cards', 0]);
    expect(checks).toBe(1);
    expect(checkPart(bad, ['cards', 1])?.path).toBe('cards[1].id');
    expect(checkPart(bad, ['cards', 5])?.path).toBe('cards[5].id');
    expect(checkPart(7, ['cards', 2])?.path).toBe('cards[2]');
    expect(checkPart(7, ['cards', 2])?.path).toBe('cards[2]');
  });
});
