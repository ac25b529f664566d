import type { ReportCell, ReportData } from '@sandbar/contract/reports';
import { stringify } from 'csv-stringify/browser/esm/sync';

// A report as a CSV file, exactly as the screen shows it: the visible columns (not the hidden
// [editable, id] cells), its rows and footer; per-agent and per-user tables follow under their names.

function visible(headers: string[]): number {
  return headers.at(-2) === 'Editable' && headers.at(-1) === 'ID' ? headers.length - 2 : headers.length;
}

export function reportCsv(data: ReportData): string {
  const records: ReportCell[][] = [[data.reportTitle]];
  const section = (headers: string[], rows: ReportCell[][], footer: ReportCell[][]) => {
    const n = visible(headers);
    records.push(headers.slice(0, n), ...rows.map((r) => r.slice(0, n)), ...footer.map((r) => r.slice(0, n)));
  };
  section(data.reportHeaders, data.reportRows, data.reportFooter);
  // The daily sales reports: rentals and F&B apart and together (issue 35 point 8).
  if (data.split) {
    records.push([]);
    section(data.split.headers, data.split.rows, []);
  }
  if (data.reportType === 'hourlySales' || data.reportType === 'userLog') {
    for (const g of data.agents) {
      records.push([], [g.name]);
      section(g.headers, g.rows, g.footer);
    }
  }
  return stringify(records.map((r) => r.map(String)));
}

export function csvFileName(data: ReportData): string {
  const range = data.startDate === data.endDate ? data.startDate : `${data.startDate}_${data.endDate}`;
  return `${data.reportType}-${range}.csv`;
}

/** Saves the CSV through a temporary link (works in browsers and the Android wrapper's WebView). */
export function downloadCsv(data: ReportData): void {
  const blob = new Blob([reportCsv(data)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = csvFileName(data);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
