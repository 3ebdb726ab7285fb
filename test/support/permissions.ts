/** A permission body's resource columns, all empty: a body spreads it and sets the one it names. */
export const NULL_RESOURCE = {
  object: null,
  object_selector: null,
  config_id: null,
  component_id: null,
  connection_id: null,
  playbook_id: null,
  canary_id: null,
};
