import type { EvidenceDraft } from '../../machines/incidents/linkToIncident';
import type { AttachAsEvidenceProps } from './slots/slotTypes';
import { Slot } from './slots/SlotsProvider';

/**
 * "Attach as Evidence" (spec 002 §6.1): the areas that show something worth attaching (a check,
 * a config, a change, an insight, a component) render `<AttachAsEvidence evidence={…} />`; the
 * app supplies the incidents area's button as the `AttachAsEvidence` slot, so no area imports
 * another. Without a supplier nothing is rendered.
 */
export function AttachAsEvidence(props: AttachAsEvidenceProps) {
  return <Slot name="AttachAsEvidence" {...props} />;
}

type Text = string | null | undefined;

/** The set values of `fields`: the evidence JSON holds no nulls or blanks. */
function present(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).filter(
      ([, value]) => value !== undefined && value !== null && value !== '',
    ),
  );
}

/** A config as the evidence JSON names it: name, type and class (for its icon). */
function configRef(config: { name?: Text; type?: Text; config_class?: Text } | null | undefined) {
  if (!config) return undefined;
  const ref = present({ name: config.name, type: config.type, config_class: config.config_class });
  return Object.keys(ref).length > 0 ? ref : undefined;
}

/** A health check: `{ type: 'check', check_id }` with its name, icon and status. */
export function checkEvidence(check: {
  id: string;
  name?: Text;
  icon?: Text;
  status?: Text;
  type?: Text;
}): EvidenceDraft {
  return {
    type: 'check',
    check_id: check.id,
    evidence: present({
      name: check.name,
      icon: check.icon,
      status: check.status,
      check_type: check.type,
    }),
  };
}

/** A config item: `{ type: 'config', config_id }` with its name, type, class and health. */
export function configEvidence(config: {
  id: string;
  name?: Text;
  type?: Text;
  config_class?: Text;
  health?: Text;
  status?: Text;
}): EvidenceDraft {
  return {
    type: 'config',
    config_id: config.id,
    evidence: present({
      name: config.name,
      type: config.type,
      config_class: config.config_class,
      health: config.health,
      status: config.status,
    }),
  };
}

/** A config change: `{ type: 'config_change', config_change_id, config_id }` with its summary. */
export function changeEvidence(change: {
  id: string;
  config_id?: Text;
  change_type?: Text;
  summary?: Text;
  severity?: Text;
  config?: { id?: Text; name?: Text; type?: Text; config_class?: Text } | null;
}): EvidenceDraft {
  const configId = change.config_id || change.config?.id || undefined;
  return {
    type: 'config_change',
    config_change_id: change.id,
    ...(configId ? { config_id: configId } : {}),
    evidence: present({
      change_type: change.change_type,
      summary: change.summary,
      severity: change.severity,
      config: configRef(change.config),
    }),
  };
}

/** An insight: `{ type: 'config_analysis', config_analysis_id, config_id }` with its message. */
export function insightEvidence(insight: {
  id: string;
  config_id?: Text;
  analyzer?: Text;
  analysis_type?: Text;
  message?: Text;
  severity?: Text;
  config?: { id?: Text; name?: Text; type?: Text; config_class?: Text } | null;
}): EvidenceDraft {
  const configId = insight.config_id || insight.config?.id || undefined;
  return {
    type: 'config_analysis',
    config_analysis_id: insight.id,
    ...(configId ? { config_id: configId } : {}),
    evidence: present({
      analyzer: insight.analyzer,
      analysis_type: insight.analysis_type,
      message: insight.message,
      severity: insight.severity,
      config: configRef(insight.config),
    }),
  };
}

/** A topology component: `{ type: 'topology', component_id }` with its name, icon and status. */
export function componentEvidence(component: {
  id: string;
  name?: Text;
  title?: Text;
  icon?: Text;
  type?: Text;
  status?: Text;
  health?: Text;
}): EvidenceDraft {
  return {
    type: 'topology',
    component_id: component.id,
    evidence: present({
      name: component.title || component.name,
      icon: component.icon,
      type: component.type,
      status: component.status || component.health,
    }),
  };
}
