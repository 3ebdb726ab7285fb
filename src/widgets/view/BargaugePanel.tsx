import { Classes } from '@blueprintjs/core';
import type { ViewPanel } from '../../api/schemas/views';
import type { Bar } from './panelValues';
import { barGroups } from './panelValues';
import { PanelEmpty } from './PanelEmpty';

function BarRow({ bar }: { bar: Bar }) {
  const width = Math.min(100, Math.max(0, bar.percent));
  return (
    <li className="mc-view-bar">
      <span className={Classes.TEXT_OVERFLOW_ELLIPSIS} title={bar.label}>
        {bar.label}
      </span>
      <span className="mc-view-bar-value" style={{ color: bar.color }}>
        {bar.text}
      </span>
      <span
        className="mc-view-gauge-track mc-view-bar-track"
        role="meter"
        aria-label={bar.label}
        aria-valuemin={bar.min}
        aria-valuemax={bar.max}
        aria-valuenow={Math.min(bar.max, Math.max(bar.min, bar.value))}
        aria-valuetext={bar.text}
      >
        <span
          className="mc-view-gauge-fill"
          data-color={bar.color}
          style={{ width: `${width}%`, background: bar.color }}
        />
      </span>
    </li>
  );
}

/**
 * A bar per row over the panel's range (a row's own `min`/`max` first), its value with the
 * unit, as a percentage or as a multiple of the range, coloured by its band; with `group`,
 * the bars stand under a heading per value of that column.
 */
export function BargaugePanel({ panel }: { panel: ViewPanel }) {
  const groups = barGroups(panel.rows, panel.bargauge ?? {});
  if (groups.length === 0) return <PanelEmpty />;
  return (
    <div className="mc-view-bargauge">
      {groups.map((group) =>
        group.name ? (
          <section key={group.name} className="mc-view-bar-group" aria-label={group.name}>
            <h4 className="mc-view-bar-group-title">{group.name}</h4>
            <ul className="mc-view-bars">
              {group.bars.map((bar, index) => (
                <BarRow key={index} bar={bar} />
              ))}
            </ul>
          </section>
        ) : (
          <ul key="" className="mc-view-bars">
            {group.bars.map((bar, index) => (
              <BarRow key={index} bar={bar} />
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
