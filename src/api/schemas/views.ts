import { array, assign, number, record, string, type, union, unknown } from 'superstruct';
import type { Infer } from 'superstruct';
import { SidebarViewStruct } from './sidebarViews';
import {
  optionalText,
  maybe,
  optionalStringMap,
  optionalNumeric,
  optionalNumber,
  optionalBoolean,
} from './fields';

/** A number the backend may also send as text (`min: "0"`). */
const optionalNumberish = () => optionalNumeric();

/** One colour band of a gauge: from `percent` of the range on, drawn in `color`. */
export const GaugeThresholdStruct = type({
  percent: optionalNumberish(),
  color: optionalText(),
});

/** A gauge's range and bands (column `gauge` and gauge panels). */
export const GaugeConfigStruct = type({
  min: optionalNumberish(),
  max: optionalNumberish(),
  unit: optionalText(),
  thresholds: maybe(array(GaugeThresholdStruct)),
});
export type GaugeConfig = Infer<typeof GaugeConfigStruct>;

/** VIEW-02 `columns[]`: a column of the view's table. */
export const ViewColumnStruct = type({
  name: string(),
  type: optionalText(),
  description: optionalText(),
  hidden: optionalBoolean(),
  primaryKey: optionalBoolean(),
  unit: optionalText(),
  icon: optionalText(),
  filter: maybe(type({ type: optionalText() })),
  gauge: maybe(GaugeConfigStruct),
});
export type ViewColumn = Infer<typeof ViewColumnStruct>;

/** VIEW-02 `panels[]`: a panel and the rows its query returned. */
export const ViewPanelStruct = type({
  name: string(),
  type: string(),
  description: optionalText(),
  rows: maybe(array(record(string(), unknown()))),
  gauge: maybe(GaugeConfigStruct),
  number: maybe(type({ unit: optionalText(), precision: optionalNumber() })),
  piechart: maybe(
    type({
      showLabels: optionalBoolean(),
      colors: maybe(record(string(), string())),
    }),
  ),
});
export type ViewPanel = Infer<typeof ViewPanelStruct>;

/** A variable's offered value: plain text, or a value with its label. */
const VariableOptionStruct = union([
  string(),
  number(),
  type({ value: union([string(), number()]), label: optionalText() }),
]);

/** VIEW-02 `variables[]`. */
export const ViewVariableStruct = type({
  key: string(),
  label: optionalText(),
  type: optionalText(),
  options: maybe(array(VariableOptionStruct)),
  default: maybe(union([string(), number()])),
  value: maybe(union([string(), number()])),
});
export type ViewVariable = Infer<typeof ViewVariableStruct>;

/** VIEW-02's `ViewResult`: a view evaluated for a set of variables (table rows excluded). */
export const ViewResultStruct = type({
  namespace: optionalText(),
  name: string(),
  title: optionalText(),
  icon: optionalText(),
  refreshStatus: optionalText(),
  refreshError: optionalText(),
  responseSource: optionalText(),
  lastRefreshedAt: optionalText(),
  requestFingerprint: optionalText(),
  columns: maybe(array(ViewColumnStruct)),
  panels: maybe(array(ViewPanelStruct)),
  variables: maybe(array(ViewVariableStruct)),
  columnOptions: optionalStringMap(),
});
export type ViewResult = Infer<typeof ViewResultStruct>;

/**
 * A view's section (upstream's ViewSection): another view (`viewRef`) or one of the console's
 * tables with preset filters (`uiRef.configs`: the catalog list, `uiRef.changes`: the changes
 * table; upstream's filter words, e.g. `health: "unhealthy,-healthy"`, `from: "24h"`).
 */
export const ViewMetadataSectionStruct = type({
  title: optionalText(),
  icon: optionalText(),
  viewRef: maybe(type({ namespace: optionalText(), name: string() })),
  uiRef: maybe(
    type({
      configs: maybe(record(string(), unknown())),
      changes: maybe(record(string(), unknown())),
    }),
  ),
});
export type ViewMetadataSection = Infer<typeof ViewMetadataSectionStruct>;

/**
 * `GET /api/view/metadata/{id}` and `GET /api/dashboard` (upstream's ViewMetadataResponse): the
 * view evaluated with its default variables, its `id`, its sections as written, and each
 * `viewRef` section's view evaluated likewise, keyed `namespace/name`.
 */
export const ViewMetadataStruct = assign(
  ViewResultStruct,
  type({
    id: string(),
    sections: maybe(array(ViewMetadataSectionStruct)),
    sectionResults: maybe(record(string(), ViewResultStruct)),
  }),
);
export type ViewMetadata = Infer<typeof ViewMetadataStruct>;

/** `GET /api/view/display-plugin-variables/{id}?config_id=`: variable → value for the config. */
export const DisplayPluginVariablesStruct = record(string(), string());

/** VIEW-05: a materialised row, keyed by column name. */
export const ViewTableRowsStruct = array(record(string(), unknown()));

/** VIEW-06: a view that applies to a config. */
export const ConfigViewStruct = SidebarViewStruct;
export type ConfigView = Infer<typeof ConfigViewStruct>;
export const ConfigViewsStruct = array(ConfigViewStruct);

/** VIEW-07/08: `[{ id }]`. */
export const ViewIdsStruct = array(type({ id: string() }));
