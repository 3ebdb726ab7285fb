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

/** Where a column's value shows on a row's card (duty's `CardPosition`). */
export const CARD_POSITIONS = [
  'title',
  'subtitle',
  'deck',
  'body',
  'footer',
  'headerRight',
] as const;
export type CardPosition = (typeof CARD_POSITIONS)[number];

/** VIEW-02 `columns[]`: a column of the view's table. */
export const ViewColumnStruct = type({
  name: string(),
  type: optionalText(),
  description: optionalText(),
  hidden: optionalBoolean(),
  primaryKey: optionalBoolean(),
  unit: optionalText(),
  icon: optionalText(),
  /** A weight (`"2"`) or pixels (`"150px"`). */
  width: optionalText(),
  filter: maybe(type({ type: optionalText() })),
  gauge: maybe(GaugeConfigStruct),
  /** The column on a row's card: where (`title`, `subtitle`, `deck`, `body`, `footer`, `headerRight`), and whether its value colours the card. */
  card: maybe(type({ position: optionalText(), useForAccent: optionalBoolean() })),
  /** The older spelling of `card.position`. */
  cardPosition: optionalText(),
  /** A `config_item` column: the row field holding the config's id. */
  configItem: maybe(type({ idField: optionalText() })),
});
export type ViewColumn = Infer<typeof ViewColumnStruct>;

/** A gauge panel's range, unit, decimals and bands. */
const PanelGaugeConfigStruct = type({
  min: optionalNumberish(),
  max: optionalNumberish(),
  unit: optionalText(),
  precision: optionalNumber(),
  thresholds: maybe(array(GaugeThresholdStruct)),
});

/**
 * A bar gauge panel: one bar per row over `min`–`max`, the value with `unit` and `precision`,
 * or as a share of the range (`format: percentage`) or a multiple of it (`multiplier`); rows
 * grouped under the value of their column `group`.
 */
const BargaugeConfigStruct = assign(
  PanelGaugeConfigStruct,
  type({ format: optionalText(), group: optionalText() }),
);

/** A time series panel: the time column, the value column, lines/area/points and the legend. */
const TimeseriesConfigStruct = type({
  timeKey: optionalText(),
  valueKey: optionalText(),
  style: optionalText(),
  legend: maybe(type({ enable: optionalBoolean(), layout: optionalText() })),
});

/** Why the backend could not evaluate one panel (the others still carry their rows). */
const PanelErrorStruct = type({
  code: optionalText(),
  message: optionalText(),
  hint: optionalText(),
});

/** VIEW-02 `panels[]`: a panel and the rows its query returned, or the error it met. */
export const ViewPanelStruct = type({
  name: string(),
  type: string(),
  description: optionalText(),
  rows: maybe(array(record(string(), unknown()))),
  gauge: maybe(PanelGaugeConfigStruct),
  number: maybe(type({ unit: optionalText(), precision: optionalNumber() })),
  piechart: maybe(
    type({
      showLabels: optionalBoolean(),
      colors: maybe(record(string(), string())),
    }),
  ),
  bargauge: maybe(BargaugeConfigStruct),
  timeseries: maybe(TimeseriesConfigStruct),
  heatmap: maybe(type({ mode: optionalText() })),
  error: maybe(PanelErrorStruct),
});
export type ViewPanel = Infer<typeof ViewPanelStruct>;

/** A variable's offered value: plain text, or a value with its label. */
const VariableOptionStruct = union([
  string(),
  number(),
  type({ value: union([string(), number()]), label: optionalText() }),
]);

/** VIEW-02 `variables[]`; `optionItems` label the values of config-derived variables. */
export const ViewVariableStruct = type({
  key: string(),
  label: optionalText(),
  /** `multiselect`: several values (or All) can be chosen. */
  type: optionalText(),
  options: maybe(array(VariableOptionStruct)),
  optionItems: maybe(array(type({ value: string(), label: optionalText() }))),
  default: maybe(union([string(), number()])),
  value: maybe(union([string(), number()])),
  dependsOn: maybe(array(string())),
});
export type ViewVariable = Infer<typeof ViewVariableStruct>;

/** Mission Control's `ChangesUIFilters`: the changes table's filters, in upstream's words. */
export const ChangesUIFiltersStruct = type({
  configTypes: optionalText(),
  changeType: optionalText(),
  severity: optionalText(),
  from: optionalText(),
  to: optionalText(),
  tags: optionalText(),
  source: optionalText(),
  summary: optionalText(),
  createdBy: optionalText(),
});
export type ChangesUIFilters = Infer<typeof ChangesUIFiltersStruct>;

/** Mission Control's `ConfigsUIFilters`: the catalog list's filters, in upstream's words. */
export const ConfigsUIFiltersStruct = type({
  search: optionalText(),
  configType: optionalText(),
  labels: optionalText(),
  status: optionalText(),
  health: optionalText(),
});
export type ConfigsUIFilters = Infer<typeof ConfigsUIFiltersStruct>;

/** VIEW-02 `sections[]`: another view (`viewRef`) or a console table (`uiRef`). */
export const ViewSectionStruct = type({
  title: string(),
  icon: optionalText(),
  viewRef: maybe(type({ namespace: optionalText(), name: string() })),
  uiRef: maybe(
    type({
      changes: maybe(ChangesUIFiltersStruct),
      configs: maybe(ConfigsUIFiltersStruct),
      access: optionalStringMap(),
      accessLogs: optionalStringMap(),
    }),
  ),
});
export type ViewSection = Infer<typeof ViewSectionStruct>;

/** What a view's evaluation says of itself, its panels, table and variables. */
const viewResultFields = {
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
  /** The card layout: body columns, and whether cards are the default. */
  card: maybe(type({ columns: optionalNumber(), default: optionalBoolean() })),
  /** The table's default sort (`-col` descending) and page size. */
  table: maybe(type({ sort: optionalText(), size: optionalNumber() })),
  sections: maybe(array(ViewSectionStruct)),
};

/**
 * VIEW-02's `ViewResult`: a view evaluated for a set of variables (table rows excluded). Its
 * `viewRef` sections come unevaluated: each is a view of its own (upstream's `sectionResults`
 * are only in the metadata and dashboard answers).
 */
export const ViewResultStruct = type(viewResultFields);
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
