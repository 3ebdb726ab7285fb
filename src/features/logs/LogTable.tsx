import '@blueprintjs/table/lib/css/table.css';
import { Button, Classes, Tag } from '@blueprintjs/core';
import type { Intent } from '@blueprintjs/core';
import { Cell, Column, Table2 } from '@blueprintjs/table';
import { useCallback, useMemo, useState } from 'react';
import type { FormatDateFn } from '../../shell/useFormatDate';
import { copyToClipboard } from '../../ui/clipboard';
import type { LogLevel } from './model/level';
import type { LogRow } from './model/lines';
import { highlightParts, labelsText, lineText } from './model/lines';
import { ROW_HEIGHT, wrappedRowHeights } from './model/rowHeights';

/** The grid's column names, in order. */
export const LOG_COLUMNS = [
  'Time',
  'Level',
  'Message',
  'Labels',
  'Count',
  'First observed',
  'Last observed',
  '',
] as const;

const DEFAULT_WIDTHS = [230, 70, 560, 280, 60, 170, 170, 40];
const MESSAGE = 2;
const LABELS = 3;

/** How a level reads: its tag's intent and the class that colours its row's message. */
export const LEVEL_INTENTS: Record<LogLevel, Intent> = {
  error: 'danger',
  warn: 'warning',
  info: 'primary',
  debug: 'none',
};

export interface LogTableProps {
  /** The lines shown, newest first. */
  rows: readonly LogRow[];
  /** Text to highlight in messages and labels. */
  highlight: string;
  /** Long messages and labels wrap over several lines. */
  wrap: boolean;
  /** Formats times in the user's time zone. */
  formatDate: FormatDateFn;
}

function Highlighted({ text, needle }: { text: string; needle: string }) {
  return (
    <>
      {highlightParts(text, needle).map((part, index) =>
        part.match ? (
          <mark key={index} className="mc-log-match">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

/**
 * The log lines as a grid (`@blueprintjs/table`): time in the user's zone, level as a coloured
 * tag (the message takes the level's colour too), message, labels, and for grouped lines the
 * count and first and last observed; a copy button per line. Cells can be selected and copied
 * (Ctrl+C copies what the cells say), columns resized; with `wrap` rows grow to fit.
 */
export function LogTable({ rows, highlight, wrap, formatDate }: LogTableProps) {
  const [widths, setWidths] = useState<number[]>(DEFAULT_WIDTHS);
  const rowHeights = useMemo(
    () =>
      wrap
        ? wrappedRowHeights(rows, widths[MESSAGE] ?? 0, widths[LABELS] ?? 0)
        : rows.map(() => ROW_HEIGHT),
    [rows, widths, wrap],
  );

  const time = useCallback(
    (value: string | null | undefined) => (value ? formatDate(value, 'timestamp') || value : ''),
    [formatDate],
  );

  /** What each cell says, for copying selected cells. */
  const cellText = useCallback(
    (rowIndex: number, column: number): string => {
      const row = rows[rowIndex];
      if (!row) return '';
      switch (column) {
        case 0:
          return time(row.line.timestamp);
        case 1:
          return row.level ?? '';
        case MESSAGE:
          return row.line.message;
        case LABELS:
          return labelsText(row);
        case 4:
          return row.line.count === null || row.line.count === undefined
            ? ''
            : String(row.line.count);
        case 5:
          return time(row.line.firstObserved);
        case 6:
          return time(row.line.lastObserved);
        default:
          return '';
      }
    },
    [rows, time],
  );

  const levelClass = (row: LogRow) => (row.level ? `mc-log-level mc-log-level--${row.level}` : '');

  const renderers = [
    (i: number) => <Cell className="mc-log-time">{cellText(i, 0)}</Cell>,
    (i: number) => {
      const level = rows[i]?.level;
      return (
        <Cell>
          {level && (
            <Tag minimal intent={LEVEL_INTENTS[level]} className="mc-log-level-tag">
              {level}
            </Tag>
          )}
        </Cell>
      );
    },
    (i: number) => {
      const row = rows[i];
      return (
        <Cell wrapText={wrap} className={`mc-log-message ${row ? levelClass(row) : ''}`}>
          {row && <Highlighted text={row.line.message} needle={highlight} />}
        </Cell>
      );
    },
    (i: number) => {
      const row = rows[i];
      return (
        <Cell wrapText={wrap} className={`mc-log-labels ${Classes.TEXT_SMALL}`}>
          {row && <Highlighted text={labelsText(row)} needle={highlight} />}
        </Cell>
      );
    },
    (i: number) => <Cell>{cellText(i, 4)}</Cell>,
    (i: number) => <Cell>{cellText(i, 5)}</Cell>,
    (i: number) => <Cell>{cellText(i, 6)}</Cell>,
    (i: number) => {
      const row = rows[i];
      return (
        <Cell interactive>
          {row && (
            <Button
              variant="minimal"
              size="small"
              icon="duplicate"
              aria-label="Copy line"
              title="Copy line"
              onClick={() => void copyToClipboard(lineText(row), 'Line copied to clipboard')}
            />
          )}
        </Cell>
      );
    },
  ];

  return (
    <div className="mc-log-table" role="region" aria-label="Log lines">
      <Table2
        numRows={rows.length}
        columnWidths={widths}
        rowHeights={rowHeights}
        enableRowHeader={false}
        enableGhostCells={false}
        enableFocusedCell
        cellRendererDependencies={[rows, wrap, highlight, formatDate]}
        getCellClipboardData={cellText}
        onColumnWidthChanged={(index, size) =>
          setWidths((current) => current.map((width, i) => (i === index ? size : width)))
        }
      >
        {LOG_COLUMNS.map((name, index) => (
          <Column key={index} name={name} cellRenderer={renderers[index]} />
        ))}
      </Table2>
    </div>
  );
}
