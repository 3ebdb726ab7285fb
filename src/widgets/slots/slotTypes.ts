import type { ComponentType, ReactElement } from 'react';
import type { EvidenceDraft } from '../../../machines/incidents/linkToIncident';
import type { TypedValues } from '../../../machines/editors/typePicker';
import type { LogBackendRow } from '../../api/schemas/logBackends';
import type { ChangesUIFilters, ConfigsUIFilters } from '../../api/schemas/views';

/**
 * What one area shows of another, typed once. Features never import each other: an area that
 * shows another's component asks for it with `useSlot(name)`, the app supplies it through
 * `SlotsProvider`, and both sides are checked against the props below.
 */

/** Which typed editor edits a resource: health checks or catalog scrapers. */
export type TypedFamily = 'check' | 'scraper';

/** A health check's or scraper's values as the typed editor edits them (spec 002 §3.6). */
export type { TypedValues };

/** The typed editor (type picker, the chosen type's form, and code). */
export interface TypedEditorProps {
  family: TypedFamily;
  /** The stored resource when editing; absent for a new one (the editor opens on the picker). */
  resource?: TypedValues;
  /** Shows the values without Save, Update or Delete (no write access, or not sourced from UI). */
  readOnly?: boolean;
  /** Creates or updates the resource; rejects with the server's error (shown in the editor). */
  save: (values: TypedValues) => Promise<unknown>;
  /** Deletes the resource, after the editor's confirmation; offered when it has an id. */
  remove?: () => Promise<unknown>;
  /** Called once saved (the page toasts and returns to its list). */
  onSaved?: (values: TypedValues) => void;
  /** Called once deleted. */
  onDeleted?: () => void;
  /** Back to where the editor was opened from, shown on the picker. */
  onCancel?: () => void;
}

/** The job history table (JOB-01), narrowed to one resource. */
export interface JobHistoryProps {
  /** The JOB-01 `resource_type.filter` value (`canary`, `config_scraper`, `topology`, ...). */
  resourceType?: string;
  /** Only this resource's jobs. */
  resourceId?: string;
}

/** What the log backend form saves. */
export interface LogBackendValues {
  name: string;
  labels: Record<string, string>;
  spec: Record<string, unknown>;
}

/** The log backend form (Name, Labels, Spec; Add or Update; no footer for a record with a source). */
export interface LogBackendFormProps {
  /** The stored backend (INT-02's row); absent to add one. */
  record?: LogBackendRow | undefined;
  /** Fields disabled, no Add, Update or Delete (no write access). */
  readOnly?: boolean;
  /** Creates or updates (LOG-03); rejects with the server's reason. */
  save: (values: LogBackendValues) => Promise<unknown>;
  /** Soft-deletes, once confirmed; given when editing. */
  remove?: (() => Promise<unknown>) | undefined;
  /** Cancel. */
  onCancel?: (() => void) | undefined;
}

/** The resource a playbook runs on: exactly one of its ids. */
export type PlaybooksMenuResource =
  { config_id: string } | { component_id: string } | { check_id: string };

/** The "Playbooks" menu (spec 002 §2.7, §6.1). */
export interface PlaybooksMenuProps {
  /** The resource the listed playbooks run on, preset in the run dialog. */
  resource: PlaybooksMenuResource;
}

/** The "Attach as Evidence" button (spec 002 §6.1). */
export interface AttachAsEvidenceProps {
  /** What is attached: its type, its id and a small JSON the incident page shows. */
  evidence: EvidenceDraft;
  /** Called once the dialog closes: true when the evidence was linked to an incident. */
  onClose?: (linked: boolean) => void;
  /**
   * What holds the button when it is shown (e.g. a dialog footer); when it is hidden nothing is
   * rendered at all. Default the button alone.
   */
  container?: (button: ReactElement) => ReactElement;
}

/** The resource or team whose permissions a panel lists (a `permissions_summary` filter). */
export type PermissionsOf =
  { playbook_id: string } | { connection_id: string } | { team_id: string };

/** The permissions that name one playbook, connection or team (spec 000 §9). */
export interface ResourcePermissionsProps {
  /** Whose permissions: also what a permission added here is about (or, for a team, for). */
  of: PermissionsOf;
}

/** The resource an access check is opened on (preset in its dialog). */
export interface AccessCheckResource {
  /** `global`: an object by name (`mcp`, the MCP server), its id being the name. */
  kind: 'playbook' | 'connection' | 'global';
  id: string;
  /** How it reads in the dialog. */
  name?: string;
  /** The action asked about first, when it fits the kind (`mcp:use` on `mcp`). */
  action?: string;
}

/** The access check dialog: "may [subject] [action] [resource]?" (permissions area). */
export interface AccessCheckProps {
  /** The resource asked about, preset; none for a check opened from the permissions page. */
  resource?: AccessCheckResource | undefined;
  onClose: () => void;
}

/** The catalog's list in a view's section, with the section's `uiRef.configs` filters. */
export interface ViewCatalogSectionProps {
  /** Mission Control's `ConfigsUIFilters` (`health: "-healthy"`, `labels: "app=nginx,!team=dev"`). */
  filters: ConfigsUIFilters;
}

/** The changes table in a view's section, with the section's `uiRef.changes` filters. */
export interface ViewChangesSectionProps {
  /** Mission Control's `ChangesUIFilters` (`changeType: "-diff"`, `from: "24h"`). */
  filters: ChangesUIFilters;
}

/** The config item a question to the assistant is about. */
export interface ConfigSubject {
  id: string;
  name: string;
  type: string;
}

/** "Send to AI" on a config item: its quick prompts, asked with the item's context (assistant). */
export interface SendToAiProps {
  config: ConfigSubject;
}

/** What "Diagnose failure" reads of a failed playbook run. */
export interface FailedRunSubject {
  id: string;
  status?: string | null;
  error?: string | null;
  parameters?: Record<string, unknown> | null;
  playbook?: { name?: string | null; title?: string | null } | null;
  /** The resource it ran on, by name. */
  resource?: string | null;
}

/** What "Diagnose failure" reads of each action of the run (PB-12: no error; PB-13 has it). */
export interface RunActionSubject {
  id?: string | null;
  name?: string | null;
  status?: string | null;
  error?: string | null;
  result?: unknown;
}

/** "Diagnose failure" on a failed playbook run, with its actions and their results (assistant). */
export interface DiagnoseFailureProps {
  run: FailedRunSubject;
  actions: readonly RunActionSubject[];
}

/** Every slot, by name: an area asks for one with `useSlot(name)`. */
export interface Slots {
  /** Edits health checks and catalog scrapers (editors area). */
  TypedEditor: ComponentType<TypedEditorProps>;
  /** A resource's Job History tab (jobs area). */
  JobHistory: ComponentType<JobHistoryProps>;
  /** The form of the log backend dialog (integrations area). */
  LogBackendForm: ComponentType<LogBackendFormProps>;
  /** The "Playbooks" menu of a check, config or component (playbooks area). */
  PlaybooksMenu: ComponentType<PlaybooksMenuProps>;
  /** "Attach as Evidence" of a check, config, change, insight or component (incidents area). */
  AttachAsEvidence: ComponentType<AttachAsEvidenceProps>;
  /** The permissions of a playbook, connection or team, with add and edit (permissions area). */
  ResourcePermissions: ComponentType<ResourcePermissionsProps>;
  /** The access check dialog (permissions area). */
  AccessCheck: ComponentType<AccessCheckProps>;
  /** The catalog list of a view's `uiRef.configs` section (catalog area). */
  ViewCatalogSection: ComponentType<ViewCatalogSectionProps>;
  /** The changes table of a view's `uiRef.changes` section (catalog area). */
  ViewChangesSection: ComponentType<ViewChangesSectionProps>;
  /**
   * What `/` shows when there is no dashboard view: the first page the user may read, else the
   * onboarding page (the app, which knows the route table).
   */
  HomeFallback: ComponentType;
  /** "Send to AI" on a config item, shown only while the assistant is offered (assistant area). */
  SendToAi: ComponentType<SendToAiProps>;
  /** "Diagnose failure" on a failed run, shown only while the assistant is offered. */
  DiagnoseFailure: ComponentType<DiagnoseFailureProps>;
}

export type SlotName = keyof Slots;
