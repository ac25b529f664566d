import type { ReportCell, ReportData } from '@sandbar/contract/reports';
import { type Language, reportWord } from '@sandbar/contract/i18n';
import { escapeHtml } from '@sandbar/contract/settings';
import { formatMoneyCell } from '@sandbar/contract/rules/money';

// A report as it is e-mailed: an HTML table (and a plain-text twin) of exactly what the screen
// shows, without the hidden [editable, id] columns of the selectable types.

function visible(headers: string[]): number {
  return headers.at(-2) === 'Editable' && headers.at(-1) === 'ID' ? headers.length - 2 : headers.length;
}

function table(headers: string[], rows: ReportCell[][], footer: ReportCell[][]): string {
  const n = visible(headers);
  const tr = (cells: ReportCell[], tag: 'td' | 'th') =>
    `<tr>${cells
      .slice(0, n)
      .map((c) => `<${tag}>${escapeHtml(formatMoneyCell(c))}</${tag}>`)
      .join('')}</tr>`;
  return [
    '<table border="1" cellpadding="4" cellspacing="0">',
    tr(headers, 'th'),
    ...rows.map((r) => tr(r, 'td')),
    ...footer.map((r) => tr(r, 'th')),
    '</table>',
  ].join('');
}

export function reportHtml(data: ReportData, lang: Language = 'en'): string {
  const parts = [`<h2>${escapeHtml(data.reportTitle)}</h2>`];
  if (data.reportType === 'userLog') {
    parts.push(table(data.reportHeaders, data.reportRows, data.reportFooter));
    for (const g of data.agents) parts.push(`<h3>${escapeHtml(g.name)}</h3>`, table(g.headers, g.rows, g.footer));
    return parts.join('');
  }
  parts.push(table(data.reportHeaders, data.reportRows, data.reportFooter));
  for (const g of data.reportType === 'hourlySales' ? data.agents : []) {
    parts.push(`<h3>${escapeHtml(g.name)}</h3>`, table(g.headers, g.rows, g.footer));
  }
  // The daily sales reports: rentals and F&B apart and together (issue 35 point 8).
  if (data.split) parts.push(table(data.split.headers, data.split.rows, []));
  if (data.reportRows.length === 0) parts.push(`<p>${reportWord('Nothing recorded for this day.', lang)}</p>`);
  return parts.join('');
}

export function reportText(data: ReportData, lang: Language = 'en'): string {
  const n = visible(data.reportHeaders);
  const line = (cells: ReportCell[]) =>
    cells
      .slice(0, n)
      .map((c) => formatMoneyCell(c))
      .join(' | ');
  return [
    data.reportTitle,
    line(data.reportHeaders),
    ...data.reportRows.map(line),
    ...data.reportFooter.map(line),
    ...(data.split ? ['', line(data.split.headers), ...data.split.rows.map(line)] : []),
    ...(data.reportRows.length === 0 ? [reportWord('Nothing recorded for this day.', lang)] : []),
  ].join('\n');
}

/** The report's grand total for the {total} placeholder: the last footer row's Total or Amount. */
export function reportTotal(data: ReportData): string {
  const col = ['Total', 'Amount', 'Revenue'].map((h) => data.reportHeaders.indexOf(h)).find((i) => i >= 0);
  const last = data.reportFooter.at(-1);
  if (col === undefined || !last) return '';
  const v = String(last[col] ?? '');
  return formatMoneyCell(v);
}
