import { useCallback, useEffect, useRef } from 'react';
import type { OnMount } from '@monaco-editor/react';
import type { SelectorFactsLoader } from '../../lib/selectorFacts';
import { NO_SELECTOR_FACTS } from '../../lib/selectorFacts';
import { loadSelectorCompletion } from './monacoLoader';

/**
 * Selector completion for an editor that offers it (`loadFacts` given when Monaco mounts): what
 * to call when Monaco has mounted, which registers the completion provider for that editor's
 * text; the provider is disposed of when the editor unmounts. The latest `loadFacts` answers.
 */
export function useSelectorCompletion(loadFacts: SelectorFactsLoader | undefined): OnMount {
  const latest = useRef(loadFacts);
  const registration = useRef<{ dispose(): void } | undefined>(undefined);
  const alive = useRef(true);
  useEffect(() => {
    latest.current = loadFacts;
  }, [loadFacts]);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      registration.current?.dispose();
      registration.current = undefined;
    };
  }, []);
  return useCallback<OnMount>((editor, monaco) => {
    if (!latest.current) return;
    const facts: SelectorFactsLoader = () =>
      latest.current ? latest.current() : Promise.resolve(NO_SELECTOR_FACTS);
    void loadSelectorCompletion().then((module) => {
      if (!alive.current) return;
      registration.current?.dispose();
      registration.current = module.registerSelectorCompletion(monaco, editor, facts);
    });
  }, []);
}
