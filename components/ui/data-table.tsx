import { Fragment, type ReactNode } from 'react';
import { cn } from './cn';

export interface DataTableColumn<Row> {
  key: string;
  header: ReactNode;
  /** the header is read to screen readers only (a column of buttons or toggles) */
  headerHidden?: boolean;
  cell: (row: Row) => ReactNode;
  /** classes for this column's body cells */
  className?: string;
  /** classes for this column's header cell */
  headerClassName?: string;
  align?: 'left' | 'right';
  /** data-testid on this column's body cells */
  testId?: string;
}

/** A body row's own attributes: extra classes and data-* attributes that tests and styles select. */
export type DataTableRowAttributes = { className?: string } & { [attribute: `data-${string}`]: string | undefined };

/** A full-width row under a body row, e.g. its details when expanded; `id` is what the toggle's aria-controls names. */
export interface DataTableDetails {
  id: string;
  content: ReactNode;
}

interface Look {
  /** the frame around the table; none where the table sits inside another */
  frame?: string;
  table: string;
  head: string;
  headCell: string;
  cell: string;
  row: string;
  /** a details row's background, set apart from the row it belongs to */
  details?: string;
  empty: string;
}

const PANEL: Look = {
  // the frame scrolls sideways so a wide table stays readable on a phone
  frame: 'overflow-x-auto rounded-xl border border-zinc-200 dark:border-zinc-800',
  table: 'w-full text-sm',
  head: 'bg-zinc-50 text-xs text-zinc-500 dark:bg-zinc-900',
  headCell: 'py-2.5',
  cell: 'py-2.5',
  row: 'border-t border-zinc-200 dark:border-zinc-800',
  details: 'bg-zinc-50/70 dark:bg-zinc-900/50',
  empty: 'rounded-xl border border-dashed border-zinc-300 px-4 py-10 text-center text-sm text-zinc-500 dark:border-zinc-700',
};

const LOOKS = {
  /** a page's list in a bordered panel */
  panel: PANEL,
  /** a panel whose rows hold a button: less padding, so the button sets the row's height */
  'panel-dense': { ...PANEL, cell: 'py-2' },
  /** a table inside another table's row: no frame, smaller type, fainter lines */
  nested: {
    table: 'w-full text-xs',
    head: 'text-zinc-500',
    headCell: 'py-2',
    cell: 'py-1.5',
    row: 'border-t border-zinc-200/70 dark:border-zinc-800',
    empty: 'px-4 py-3 text-xs text-zinc-500',
  },
} satisfies Record<string, Look>;

interface DataTableProps<Row> {
  /** names the table for screen readers */
  caption: string;
  columns: DataTableColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row, index: number) => string | number;
  /** shown instead of the table when there are no rows */
  empty: ReactNode;
  look?: keyof typeof LOOKS;
  /** classes for the table element, e.g. the minimum width past which the frame scrolls */
  className?: string;
  rowAttributes?: (row: Row) => DataTableRowAttributes;
  details?: (row: Row) => DataTableDetails | null;
}

/** The outer columns line up with the frame's edge; inner ones sit closer together. */
const inset = (index: number, count: number) => (index === 0 || index === count - 1 ? 'px-4' : 'px-2');

/** One table's markup for every list of records: caption, column headers, rows, optional details rows and the empty state. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  look = 'panel',
  className,
  rowAttributes,
  details,
}: DataTableProps<Row>) {
  const style: Look = LOOKS[look];
  if (rows.length === 0) return <p className={style.empty}>{empty}</p>;

  const headClasses = columns.map((column, index) =>
    cn(
      inset(index, columns.length),
      style.headCell,
      !column.headerHidden && [column.align === 'right' ? 'text-right' : 'text-left', 'font-medium'],
      column.headerClassName,
    ),
  );
  const cellClasses = columns.map((column, index) =>
    cn(inset(index, columns.length), style.cell, column.align === 'right' && 'text-right', column.className),
  );

  const table = (
    <table className={cn(style.table, className)}>
      <caption className="sr-only">{caption}</caption>
      <thead className={style.head}>
        <tr>
          {columns.map((column, index) => (
            <th key={column.key} scope="col" className={headClasses[index]}>
              {column.headerHidden ? <span className="sr-only">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, rowIndex) => {
          const { className: rowClassName, ...attributes } = rowAttributes?.(row) ?? {};
          const more = details?.(row);
          return (
            <Fragment key={rowKey(row, rowIndex)}>
              <tr className={cn(style.row, rowClassName)} {...attributes}>
                {columns.map((column, index) => (
                  <td key={column.key} className={cellClasses[index]} data-testid={column.testId}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
              {more && (
                <tr id={more.id} className={style.details}>
                  <td colSpan={columns.length} className="p-0">
                    {more.content}
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
  return style.frame ? <div className={style.frame}>{table}</div> : table;
}
