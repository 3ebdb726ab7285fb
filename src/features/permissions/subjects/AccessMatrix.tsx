import { Button, HTMLTable, Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import type { AccessSearchEntry } from '../../../api/schemas/accessSearch';
import type { MatrixRow, MatrixSection } from '../model/subjectAccess';
import {
  SUBJECT_ACCESS_LABELS as LABELS,
  actionName,
  isDirect,
  resourceHref,
} from '../model/subjectAccess';

/** A cell of the matrix: which resource and action. */
export interface MatrixCell {
  row: MatrixRow;
  action: string;
}

export interface AccessMatrixProps {
  sections: readonly MatrixSection[];
  subject: string;
  /** Called when a cell is activated (click, Enter or Space). */
  onOpen: (cell: MatrixCell) => void;
}

/** How a cell reads: the effective access, and whether it is direct. */
export function cellText(entry: AccessSearchEntry | undefined, subject: string): string {
  if (!entry) return LABELS.notListed;
  const access = entry.allowed ? LABELS.allowed : LABELS.denied;
  return isDirect(entry, subject) ? `${access}, ${LABELS.direct.toLowerCase()}` : access;
}

function Cell({
  row,
  action,
  subject,
  onOpen,
}: MatrixCell & { subject: string; onOpen: AccessMatrixProps['onOpen'] }) {
  const entry = row.cells[action];
  const direct = entry ? isDirect(entry, subject) : false;
  return (
    <td>
      <Button
        size="small"
        variant="minimal"
        intent={entry ? (entry.allowed ? 'success' : 'danger') : 'none'}
        aria-label={`${row.name}, ${actionName(action)}: ${cellText(entry, subject)}`}
        onClick={() => onOpen({ row, action })}
        className="mc-access-cell"
      >
        {entry ? (entry.allowed ? LABELS.allowed : LABELS.denied) : '—'}
        {direct && (
          <Tag minimal round className="mc-access-direct">
            {LABELS.direct}
          </Tag>
        )}
      </Button>
    </td>
  );
}

/**
 * One table per resource type: a row per resource (its name linked to its page), a column per
 * action that applies, each cell the effective access (Allowed or Denied, marked Direct), a
 * button that opens where the access comes from.
 */
export function AccessMatrix({ sections, subject, onOpen }: AccessMatrixProps) {
  return (
    <div className="mc-access-matrix">
      {sections.map((section) => (
        <section key={section.type} aria-label={LABELS.typeNames[section.type]}>
          <h2 className="mc-access-section-title">{LABELS.typeNames[section.type]}</h2>
          <HTMLTable compact striped aria-label={LABELS.typeNames[section.type]}>
            <thead>
              <tr>
                <th scope="col">{LABELS.resource}</th>
                {section.columns.map((action) => (
                  <th scope="col" key={action} title={action}>
                    {actionName(action)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {section.rows.map((row) => {
                const href = resourceHref(row.type, row.id);
                return (
                  <tr key={row.id}>
                    <th scope="row">{href ? <Link to={href}>{row.name}</Link> : row.name}</th>
                    {section.columns.map((action) => (
                      <Cell
                        key={action}
                        row={row}
                        action={action}
                        subject={subject}
                        onOpen={onOpen}
                      />
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </section>
      ))}
    </div>
  );
}
