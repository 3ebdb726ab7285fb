import { useMemo, useState } from 'react';
import type { JsonSchema } from './schemaCheck';
import { loadSchemaCheck } from './loadSchemaCheck';
import { useLoaded } from '../useLoaded';

/**
 * The problems of an editor's text against its schema: none without a schema, and none until
 * the checker has loaded, which it does with the first edit of the text (a text shown as
 * stored loads no checker).
 */
export function useSchemaProblems(
  value: string,
  language: 'yaml' | 'json' | 'plaintext',
  schema: JsonSchema | undefined,
): string[] {
  const [first] = useState(value);
  const checkable = schema !== undefined && language !== 'plaintext';
  const checker = useLoaded(loadSchemaCheck, checkable && value !== first);
  return useMemo(() => {
    if (!checker || schema === undefined || language === 'plaintext') return [];
    return checker.schemaProblems(value, language, schema);
  }, [checker, value, language, schema]);
}
