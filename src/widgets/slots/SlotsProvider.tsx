import type { ComponentProps, ComponentType, ReactNode } from 'react';
import { createContext, createElement, useContext, useMemo } from 'react';
import type { SlotName, Slots } from './slotTypes';

const SlotsContext = createContext<Partial<Slots>>({});

export interface SlotsProviderProps {
  /** The slots supplied here; the ones it does not name come from an enclosing provider. */
  slots: Partial<Slots>;
  children: ReactNode;
}

/**
 * Supplies other areas' components to the areas below it. Providers nest: the app supplies the
 * slots every page may show, and a route adds the ones it loads with its page.
 */
export function SlotsProvider({ slots, children }: SlotsProviderProps) {
  const outer = useContext(SlotsContext);
  const merged = useMemo(() => ({ ...outer, ...slots }), [outer, slots]);
  return <SlotsContext.Provider value={merged}>{children}</SlotsContext.Provider>;
}

/** Whether a component is supplied for `name` (an area may show something else without it). */
export function useHasSlot(name: SlotName): boolean {
  return useContext(SlotsContext)[name] !== undefined;
}

export type SlotProps<Name extends SlotName> = ComponentProps<Slots[Name]> & {
  /** The slot shown. */
  name: Name;
  /** Shown where no component is supplied for `name`; default nothing. */
  fallback?: ReactNode;
};

/** The component supplied for `name` with the given props, or `fallback` where none is. */
export function Slot<Name extends SlotName>({ name, fallback = null, ...props }: SlotProps<Name>) {
  const component = useContext(SlotsContext)[name] as
    ComponentType<Omit<SlotProps<Name>, 'name' | 'fallback'>> | undefined;
  return component ? createElement(component, props) : fallback;
}
