import { getConfig, prettyDOM } from '@testing-library/react';

/**
 * The error of a query that found nothing, as the library words it, with the document printed
 * in it, except while `waitFor` (and every `findBy`) retries its callback: those errors are
 * thrown away but the last, and the library words that one again, with the document as it is
 * then, once the wait gives up. Printing a large document on every retry was a good part of the
 * components' time.
 */
export function getElementError(message: string | null, container: Element): Error {
  const retrying = (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })
    ._disableExpensiveErrorDiagnostics;
  const dom = retrying
    ? ''
    : `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`;
  const error = new Error([message, dom].filter(Boolean).join('\n\n'));
  error.name = 'TestingLibraryElementError';
  return error;
}
