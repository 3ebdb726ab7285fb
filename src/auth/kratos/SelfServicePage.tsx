import type { ReactNode } from 'react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SelfServiceFlowInput } from '../../../machines/auth/selfServiceFlow';
import type { IdentityFlowKind } from '../../api/schemas/identity';
import { AuthCard } from './AuthCard';
import { FlowView } from './FlowView';
import { flowInput } from './flowInput';
import { useSelfServiceFlow } from './useSelfServiceFlow';

export interface SelfServicePageProps {
  /** The identity flow the page runs, started from the address (`flow`, `return_to`). */
  flow: IdentityFlowKind;
  /** The page heading, also the form's accessible name. */
  title: string;
  /** Links under the form, given what the flow was started with. Default none. */
  footer?: (input: SelfServiceFlowInput) => ReactNode;
}

/** A public account page that runs one identity flow in the account card. */
export function SelfServicePage({ flow, title, footer }: SelfServicePageProps) {
  const [query] = useSearchParams();
  const [input] = useState(() => flowInput(flow, query));
  const view = useSelfServiceFlow(input);
  return (
    <AuthCard title={title} footer={footer?.(input)}>
      <FlowView view={view} formLabel={title} />
    </AuthCard>
  );
}
