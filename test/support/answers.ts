/**
 * Expects `fn` to answer each case's input with the case's expected value (compared as
 * `toEqual` does); a miss shows the whole table, every wrong answer at once.
 */
export function expectAnswers<I, O>(fn: (input: I) => O, cases: ReadonlyArray<readonly [I, O]>) {
  expect(cases.map(([input]) => [input, fn(input)])).toEqual(cases);
}

/** Expects `actual` to equal `expected` with its keys in the same order (a body the server reads in order). */
export function expectEqualInOrder(actual: object, expected: Record<string, unknown>) {
  expect(actual).toEqual(expected);
  expect(Object.keys(actual)).toEqual(Object.keys(expected));
}
