import { reportWord } from '@sandbar/contract/i18n';
import { currentLanguage } from '../../../i18n';
import { Checkbox, Table, Text } from '@mantine/core';
import type { ReportCell } from '@sandbar/contract/reports';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoneyCell } from '../../../lib/venue-format';

/** Rows of selectable types end with [editable (0/1), sale id]: hidden, they drive the actions. */
export function hiddenTail(headers: string[]): number {
  return headers.at(-2) === 'Editable' && headers.at(-1) === 'ID' ? 2 : 0;
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
}: {
  headers: string[];
  rows: ReportCell[][];
  footer: ReportCell[][];
  selection?: { selected: Set<number>; onChange: (next: Set<number>) => void };
  actions?: (meta: RowMeta) => ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const cell = useMoneyCell();
  const tail = hiddenTail(headers);
  const shown = tail ? headers.slice(0, -tail) : headers;
  const metas = rows.map((r) => rowMeta(headers, r));
  const selectable = metas.filter((m): m is RowMeta => !!m && !m.deleted);
  const allChecked = !!selection && selectable.length > 0 && selectable.every((m) => selection.selected.has(m.id));
  const cells = (r: ReportCell[]) => (tail ? r.slice(0, -tail) : r);
  if (rows.length === 0 && footer.length === 0) return <Text c="dimmed">{t('reports.noRows')}</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
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
            {shown.map((h) => (
              <Table.Th key={h}>{reportWord(h, currentLanguage())}</Table.Th>
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
            const meta = metas[i];
            return (
              <Table.Tr
                key={meta ? meta.id : i}
                data-deleted={meta?.deleted ? '1' : undefined}
                opacity={meta?.deleted ? 0.55 : 1}
              >
                {selection && (
                  <Table.Td className="no-print">
                    {meta && !meta.deleted && (
                      <Checkbox
                        aria-label={t('reports.selectRow', { id: meta.id })}
                        checked={selection.selected.has(meta.id)}
                        onChange={() => {
                          const next = new Set(selection.selected);
                          if (next.has(meta.id)) next.delete(meta.id);
                          else next.add(meta.id);
                          selection.onChange(next);
                        }}
                      />
                    )}
                  </Table.Td>
                )}
                {cells(r).map((c, j) => (
                  <Table.Td key={j}>{cell(c)}</Table.Td>
                ))}
                {actions && <Table.Td className="no-print">{meta && actions(meta)}</Table.Td>}
              </Table.Tr>
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
    </Table.ScrollContainer>
  );
}
