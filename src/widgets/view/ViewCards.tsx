import { Card, Spinner } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import type { CardPosition, ViewColumn, ViewResult } from '../../api/schemas/views';
import { CARD_POSITIONS } from '../../api/schemas/views';
import { LoadErrorCallout } from '../../ui/LoadErrorCallout';
import { Pager } from '../../ui/Pager';
import type { TableQueryResult } from '../tableQueryState';
import { tableQueryState } from '../tableQueryState';
import type { ListPage } from '../useListPage';
import type { ViewRow } from './viewCells';
import { columnHeader, plainText } from './viewCells';

export const VIEW_CARDS_LABEL = 'View cards';
export const VIEW_CARDS_ERROR = 'Error loading the view rows';

/** Where a column shows on a card: `card.position`, else the older `cardPosition`. */
export function cardPosition(column: ViewColumn): CardPosition | undefined {
  const position = column.card?.position ?? column.cardPosition;
  return (CARD_POSITIONS as readonly string[]).includes(position ?? '')
    ? (position as CardPosition)
    : undefined;
}

/** Whether the rows can show as cards: some column has a place on the card. */
export function hasCardMode(columns: readonly ViewColumn[]): boolean {
  return columns.some((column) => cardPosition(column) !== undefined);
}

/** The card's accent from the value of the column marked `useForAccent` (a health or status). */
function accentOf(columns: readonly ViewColumn[], row: ViewRow): string | undefined {
  const column = columns.find((c) => c.card?.useForAccent);
  const value = column ? plainText(row.values[column.name]).toLowerCase() : '';
  return value || undefined;
}

export interface ViewCardsProps {
  view: ViewResult;
  rows: readonly ViewRow[];
  /** Draws one cell, as the table does. */
  cell: (column: ViewColumn, row: ViewRow) => ReactNode;
  query: TableQueryResult;
  list: ListPage;
  total: number;
}

/**
 * The view's rows as cards (display.card): each column at its card position (title,
 * subtitle, deck and headerRight in the header, body in `card.columns` columns, footer),
 * the card's edge coloured by the `useForAccent` column; the same page and pager as the table.
 */
export function ViewCards({ view, rows, cell, query, list, total }: ViewCardsProps) {
  const state = tableQueryState(query);
  const columns = view.columns ?? [];
  const at = (position: CardPosition) =>
    columns.filter((column) => !column.hidden && cardPosition(column) === position);
  const bodyColumns = Math.max(1, Math.min(6, view.card?.columns ?? 1));

  if (state.loading) return <Spinner size={20} aria-label="Loading view rows" />;
  if (state.error !== undefined) {
    return (
      <LoadErrorCallout
        title={VIEW_CARDS_ERROR}
        message={state.error}
        onRetry={state.onRetry}
        retrying={state.retrying}
      />
    );
  }
  const parts = (row: ViewRow, position: CardPosition, className: string) =>
    at(position).map((column) => {
      const content = cell(column, row);
      return content === null || content === '' ? null : (
        <span key={column.name} className={className} data-column={column.name}>
          {content}
        </span>
      );
    });
  return (
    <>
      {rows.length === 0 ? (
        <p className="mc-view-cards-empty">No rows</p>
      ) : (
        <ul className="mc-view-cards" aria-label={VIEW_CARDS_LABEL}>
          {rows.map((row) => {
            const title = at('title')
              .map((column) => plainText(row.values[column.name]))
              .filter(Boolean)
              .join(' ');
            return (
              <li key={row.key}>
                <Card
                  className="mc-view-card"
                  data-accent={accentOf(columns, row)}
                  role="article"
                  aria-label={title || undefined}
                >
                  <header className="mc-view-card-header">
                    <div className="mc-view-card-heading">
                      <h3 className="mc-view-card-title">
                        {parts(row, 'title', 'mc-view-card-part')}
                      </h3>
                      <div className="mc-view-card-subtitle">
                        {parts(row, 'subtitle', 'mc-view-card-part')}
                      </div>
                      <div className="mc-view-card-deck">
                        {parts(row, 'deck', 'mc-view-card-part')}
                      </div>
                    </div>
                    <div className="mc-view-card-right">
                      {parts(row, 'headerRight', 'mc-view-card-part')}
                    </div>
                  </header>
                  {at('body').length > 0 && (
                    <dl
                      className="mc-view-card-body"
                      style={{ gridTemplateColumns: `repeat(${bodyColumns}, minmax(0, 1fr))` }}
                    >
                      {at('body').map((column) => (
                        <div key={column.name} className="mc-view-card-field">
                          <dt>{columnHeader(column.name)}</dt>
                          <dd>{cell(column, row)}</dd>
                        </div>
                      ))}
                    </dl>
                  )}
                  {at('footer').length > 0 && (
                    <footer className="mc-view-card-footer">
                      {parts(row, 'footer', 'mc-view-card-part')}
                    </footer>
                  )}
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      {total > 0 && <Pager {...list.pagerProps(total, rows.length)} disabled={state.retrying} />}
    </>
  );
}
