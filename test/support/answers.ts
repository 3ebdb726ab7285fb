/**
 * Expects `fn` to answer each case's input with the case's expected value (compared as
 * `toEqual` does); a miss shows the whole table, every wrong answer at once.
 */
export function expectAnswers<I, O>(fn: (input: I) => O, cases: ReadonlyArray<readonly [I, O]>) {
  expect(cases.map(([input]) => [input, fn(input)])).toEqual(cases);
}
