import { reportWord } from '@sandbar/contract/i18n';
import { offlineTexts } from '@sandbar/contract/offline';
import { postingStateOfCell, postingTexts, postingTextsIn } from '@sandbar/contract/pms-postings';
import { currentLanguage } from '../../../lib/current-language';
import { Checkbox, Table, Text } from '@mantine/core';
import type { ReportCell } from '@sandbar/contract/reports';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, memo, useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoneyCell } from '../../../lib/venue-format';
import { ScrollTable } from '../../../components/scroll-table';

/** Rows of selectable types end with [editable (0/1), sale id]: hidden, they drive the actions. */
export function hiddenTail(headers: string[]): number {
  return headers.at(-2) === 'Editable' && headers.at(-1) === 'ID' ? 2 : 0;
}

const deletedCell = { color: 'var(--mantine-color-gray-8)', textDecoration: 'line-through' } as const;

/** The money columns a phone shows first (issue 26): what a supervisor checks at a glance. */
const MONEY = new Set(['Price', 'Tip', 'Total', 'Total Sales', 'Amount', 'Deposit']);

/**
 * The order in which a row's cells are shown: as the server sends them, or on a phone the first
 * column (the time, agent or a footer's label) then the money columns, then the rest, so Price,
 * Tip and Total and the footer's sums are on screen without a sideways swipe.
 */
export function columnOrder(shown: string[], phone: boolean): number[] {
  const all = shown.map((_, i) => i);
  if (!phone) return all;
  const money = all.filter((i) => i > 0 && MONEY.has(shown[i]!));
  if (money.length === 0) return all;
  return [0, ...money, ...all.filter((i) => i > 0 && !MONEY.has(shown[i]!))];
}

export interface RowMeta {
  id: number;
  editable: boolean;
  row: ReportCell[];
  deleted: boolean;
}

export function rowMeta(headers: string[], row: ReportCell[]): RowMeta | null {
  if (!hiddenTail(headers)) return null;
  const status = headers.indexOf('Status');
  return {
    id: Number(row.at(-1)),
    editable: row.at(-2) === 1,
    row,
    deleted: status >= 0 && row[status] === 'Deleted',
  };
}

/**
 * The simple table renderer (spec section 2): headers, rows and footer rows. With `selection`,
 * each row gets a checkbox and the header a check-all; `actions` adds a last cell per row.
 */
export function ReportTable({
  headers,
  rows,
  footer,
  selection,
  actions,
  testId = 'report-table',
  label,
}: {
  headers: string[];
  rows: ReportCell[][];
  footer: ReportCell[][];
  selection?: { selected: Set<number>; onChange: (next: Set<number>) => void };
  actions?: (meta: RowMeta) => ReactNode;
  testId?: string;
  /** The scroll area's name for a screen reader (the report's title); "Report table" by default. */
  label?: string;
}) {
  const { t } = useTranslation();
  const moneyCell = useMoneyCell();
  // Status words that carry a name (an unseated offline sale, issue 23) in the app's language.
  const cell = useCallback(
    (c: ReportCell): ReactNode => {
      if (typeof c === 'string' && c.startsWith(offlineTexts.unseatedStatus)) return reportWord(c, currentLanguage());
      // A Posting cell (issue 34): a failure reads in red, a reference never stretches the column.
      const posting = typeof c === 'string' ? postingStateOfCell(c) : null;
      if (posting)
        return (
          <Text
            span
            size="sm"
            c={posting === 'failed' || posting === 'voidFailed' ? 'red.9' : posting === 'posted' ? 'teal.9' : undefined}
            fw={posting === 'failed' || posting === 'voidFailed' ? 700 : undefined}
            style={{ wordBreak: 'break-word' }}
            data-posting={posting}
          >
            {posting === 'posted' && (c as string).length > postingTexts.posted.length ? (
              // The PMS's reference (a Mews order id is 36 characters) on its own line, small, so the
              // column stays narrow and the row short; the word stays whole.
              <>
                {postingTextsIn(currentLanguage()).posted}{' '}
                <Text span size="xs" ff="monospace" display="block" style={{ wordBreak: 'break-all' }}>
                  {(c as string).slice(postingTexts.posted.length).trim()}
                </Text>
              </>
            ) : (
              reportWord(c as string, currentLanguage())
            )}
          </Text>
        );
      return moneyCell(c);
    },
    [moneyCell],
  );
  const tail = hiddenTail(headers);
  const shown = tail ? headers.slice(0, -tail) : headers;
  const metas = rows.map((r) => cachedMeta(headers, r));
  const selectable = metas.filter((m): m is RowMeta => !!m && !m.deleted);
  const allChecked = !!selection && selectable.length > 0 && selectable.every((m) => selection.selected.has(m.id));
  // A phone: up to 40em (640 px), the width at which the whole table no longer fits.
  const phone = useMediaQuery('(max-width: 40em)') ?? false;
  const order = useMemo(() => columnOrder(shown, phone), [shown.join('\u0000'), phone]); // eslint-disable-line react-hooks/exhaustive-deps
  const cells = (r: ReportCell[]) => {
    const c = tail ? r.slice(0, -tail) : r;
    return order.map((i) => c[i] ?? '');
  };
  // Stable callbacks through refs, so that a row re-renders only when its own cells or checkbox
  // change: "Show more" on a season's search adds 500 rows without redrawing the ones shown.
  const latest = useRef({ selection, actions });
  latest.current = { selection, actions };
  const toggle = useCallback((id: number) => {
    const sel = latest.current.selection;
    if (!sel) return;
    const next = new Set(sel.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    sel.onChange(next);
  }, []);
  const renderActions = useCallback((m: RowMeta) => latest.current.actions?.(m), []);
  if (rows.length === 0 && footer.length === 0) return <Text c="dimmed">{t('reports.noRows')}</Text>;
  return (
    <ScrollTable minWidth={480} label={label ?? t('reports.table')}>
      <Table striped highlightOnHover withTableBorder data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th className="no-print">
                <Checkbox
                  aria-label={t('reports.selectAll')}
                  checked={allChecked}
                  onChange={() => selection.onChange(allChecked ? new Set() : new Set(selectable.map((m) => m.id)))}
                />
              </Table.Th>
            )}
            {order.map((i) => (
              <Table.Th key={shown[i]}>{reportWord(shown[i]!, currentLanguage())}</Table.Th>
            ))}
            {actions && <Table.Th className="no-print" />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={shown.length + (selection ? 1 : 0) + (actions ? 1 : 0)}>
                <Text c="dimmed">{t('reports.noRows')}</Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((r, i) => {
            const meta = metas[i] ?? null;
            return (
              <ReportRow
                key={meta ? meta.id : i}
                row={r}
                tail={tail}
                order={order}
                meta={meta}
                selectable={!!selection}
                checked={!!meta && !!selection?.selected.has(meta.id)}
                onToggle={toggle}
                renderActions={actions ? renderActions : undefined}
                cell={cell}
              />
            );
          })}
        </Table.Tbody>
        {footer.length > 0 && (
          <Table.Tfoot>
            {footer.map((r, i) => (
              <Table.Tr key={i} fw={700}>
                {selection && <Table.Td className="no-print" />}
                {cells(r).map((c, j) => (
                  <Table.Td key={j}>{cell(c)}</Table.Td>
                ))}
                {actions && <Table.Td className="no-print" />}
              </Table.Tr>
            ))}
          </Table.Tfoot>
        )}
      </Table>
    </ScrollTable>
  );
}

/** One meta object per row array, so that memoised rows see the same props from one render to the next. */
const metaCache = new WeakMap<ReportCell[], RowMeta | null>();
function cachedMeta(headers: string[], row: ReportCell[]): RowMeta | null {
  let m = metaCache.get(row);
  if (m === undefined) {
    m = rowMeta(headers, row);
    metaCache.set(row, m);
  }
  return m;
}

const ReportRow = memo(function ReportRow({
  row,
  tail,
  order,
  meta,
  selectable,
  checked,
  onToggle,
  renderActions,
  cell,
}: {
  row: ReportCell[];
  tail: number;
  order: number[];
  meta: RowMeta | null;
  selectable: boolean;
  checked: boolean;
  onToggle: (id: number) => void;
  renderActions?: (meta: RowMeta) => ReactNode;
  cell: (c: ReportCell) => ReactNode;
}) {
  const { t } = useTranslation();
  const all = tail ? row.slice(0, -tail) : row;
  const cells = order.map((i) => all[i] ?? '');
  return (
    // A deleted sale reads struck through on a grey row, every word still 8:1 and its actions in
    // their own colours (issue 32: a faded row left Restore at 2.25:1 and View at 2.9:1).
    <Table.Tr data-deleted={meta?.deleted ? '1' : undefined} bg={meta?.deleted ? 'gray.1' : undefined}>
      {selectable && (
        <Table.Td className="no-print">
          {meta && !meta.deleted && (
            <Checkbox
              aria-label={t('reports.selectRow', { id: meta.id })}
              checked={checked}
              onChange={() => onToggle(meta.id)}
            />
          )}
        </Table.Td>
      )}
      {cells.map((c, j) => (
        <Table.Td key={j} style={meta?.deleted ? deletedCell : undefined}>
          {cell(c)}
        </Table.Td>
      ))}
      {renderActions && <Table.Td className="no-print">{meta && renderActions(meta)}</Table.Td>}
    </Table.Tr>
  );
});
