import { useEffect, useMemo, useState } from 'react';
import type * as SchemaCheck from './schemaCheck';

type SchemaCheckModule = typeof SchemaCheck;

let loading: Promise<SchemaCheckModule> | undefined;
let loaded: SchemaCheckModule | undefined;

/** The schema check (ajv and js-yaml, about 50 KB) loads with the first editor given a schema. */
function loadSchemaCheck(): Promise<SchemaCheckModule> {
  loading ??= import(/* webpackChunkName: "schema-check" */ './schemaCheck').then((module) => {
    loaded = module;
    return module;
  });
  return loading;
}

/**
 * The problems of an editor's text against its schema, none without a schema or while the
 * checker loads (a moment, once per page).
 */
export function useSchemaProblems(
  value: string,
  language: 'yaml' | 'json' | 'plaintext',
  schema: SchemaCheck.JsonSchema | undefined,
): string[] {
  const [checker, setChecker] = useState<SchemaCheckModule | undefined>(loaded);
  const wanted = schema !== undefined && language !== 'plaintext';
  useEffect(() => {
    if (!wanted || checker) return;
    let live = true;
    void loadSchemaCheck().then((module) => {
      if (live) setChecker(() => module);
    });
    return () => {
      live = false;
    };
  }, [wanted, checker]);
  return useMemo(() => {
    if (!checker || schema === undefined || language === 'plaintext') return [];
    return checker.schemaProblems(value, language, schema);
  }, [checker, value, language, schema]);
}
