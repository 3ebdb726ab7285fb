import { Button } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Suspense, createContext, lazy, useCallback, useContext, useMemo, useState } from 'react';
import type { DiagnoseFailureProps, SendToAiProps } from '../../widgets/slots/slotTypes';
import { ASSISTANT_LABEL } from './model/label';
import type { AskedQuestion, AssistantRequest } from './model/requests';
import { useAssistantAvailable } from './useAssistantAvailable';

/*
 * What every page carries of the assistant: whether its panel is open and the question asked
 * of it last, the top bar's button, "Send to AI" and "Diagnose failure". They show nothing while
 * the assistant is not offered (no LLM connection, or `ai.disable`); the panel, with the chat
 * and its calls, loads when first opened.
 */

interface AssistantControls {
  open: boolean;
  asked: AskedQuestion | undefined;
  setOpen: (open: boolean) => void;
  /** Opens the panel on a new conversation that asks `request`. */
  ask: (request: AssistantRequest) => void;
}

const AssistantContext = createContext<AssistantControls | null>(null);

/** The panel's state, for the top bar's button and the pages' entries. */
export function AssistantProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState<AskedQuestion | undefined>(undefined);
  const ask = useCallback((request: AssistantRequest) => {
    setAsked((last) => ({ seq: (last?.seq ?? 0) + 1, request }));
    setOpen(true);
  }, []);
  const value = useMemo(() => ({ open, asked, setOpen, ask }), [open, asked, ask]);
  return <AssistantContext.Provider value={value}>{children}</AssistantContext.Provider>;
}

export function useAssistantControls(): AssistantControls {
  const controls = useContext(AssistantContext);
  if (!controls) throw new Error('useAssistantControls: no AssistantProvider above');
  return controls;
}

const LazyAssistantPanel = lazy(() => import('./AssistantPanel'));

/**
 * The top bar's Assistant button and, once pressed, its panel (loaded then). Nothing while the
 * assistant is not offered.
 */
export function AssistantTopBarEntry() {
  const available = useAssistantAvailable();
  const { open, setOpen, asked } = useAssistantControls();
  // Once opened the panel stays mounted (hidden when closed): an answer goes on meanwhile.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!available) return null;
  return (
    <>
      <Button
        variant="minimal"
        icon="chat"
        aria-label={ASSISTANT_LABEL}
        title={ASSISTANT_LABEL}
        aria-expanded={open}
        active={open}
        onClick={() => setOpen(!open)}
      />
      {opened && (
        <Suspense fallback={null}>
          <LazyAssistantPanel open={open} asked={asked} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

const LazySendToAiMenu = lazy(() => import('./SendToAiMenu'));

/**
 * "Send to AI" on a config item: its quick prompts, each opening the panel on a new question.
 * Its menu loads where the assistant is offered.
 */
export function SendToAiButton({ config }: SendToAiProps) {
  const available = useAssistantAvailable();
  const { ask } = useAssistantControls();
  if (!available) return null;
  return (
    <Suspense fallback={null}>
      <LazySendToAiMenu config={config} ask={ask} />
    </Suspense>
  );
}

/** "Diagnose failure" on a failed run: asks why it failed, with its actions and results. */
export function DiagnoseFailureButton({ run, actions }: DiagnoseFailureProps) {
  const available = useAssistantAvailable();
  const { ask } = useAssistantControls();
  if (!available) return null;
  return (
    <Button
      icon="chat"
      text="Diagnose failure"
      onClick={() => ask({ kind: 'run', run, actions: [...actions] })}
    />
  );
}
