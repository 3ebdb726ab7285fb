import type { TopologyComponent } from '../../api/schemas/topology';
import { AttachAsEvidence, componentEvidence } from '../../widgets/attachEvidence';
import { PlaybooksMenu } from '../../widgets/playbooksMenu';
import {
  ChangesSection,
  ChecksSection,
  ConfigsSection,
  IncidentsSection,
  InsightsSection,
} from './details/ComponentSections';
import { ComponentFacts } from './details/ComponentFacts';
import { ComponentHeader } from './details/ComponentHeader';
import './details/details.css';

export interface ComponentDetailsPanelProps {
  /** The component shown (TOPO-01's answer for the page's id). */
  component: TopologyComponent;
}

/**
 * What is known about one topology component, beside its children: its name and status,
 * then collapsible sections for its details, checks, configs, insights, config changes and
 * incidents. Each section loads on its own, with its own spinner, empty text and error with
 * a Retry, so one failing call leaves the others readable. Fluid: as wide as the page makes it.
 */
export function ComponentDetailsPanel({ component }: ComponentDetailsPanelProps) {
  return (
    <aside className="mc-component-details" aria-label="Component details">
      <ComponentHeader component={component} />
      <PlaybooksMenu resource={{ component_id: component.id }} />
      <AttachAsEvidence evidence={componentEvidence(component)} />
      <ComponentFacts component={component} />
      <ChecksSection componentId={component.id} />
      <ConfigsSection componentId={component.id} />
      <InsightsSection componentId={component.id} />
      <ChangesSection componentId={component.id} />
      <IncidentsSection componentId={component.id} />
    </aside>
  );
}
