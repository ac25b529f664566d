import type { ReportData } from '@sandbar/contract/reports';
import { describe, expect, it } from 'vitest';
import { reportCsv } from './csv';

describe('reportCsv', () => {
  it("adds a daily sales report's rentals and F&B table after the report (issue 35 point 8)", () => {
    const data = {
      reportType: 'sales',
      reportTitle: 'Sales 2026-07-04',
      reportHeaders: ['Agent', 'Total'],
      reportRows: [['Casey', '55.00']],
      reportFooter: [['Total (2)', '55.00']],
      agents: [],
      userList: [],
      split: {
        headers: ['Kind', 'Sales', 'Price', 'Tip', 'Total'],
        rows: [
          ['Rentals', 1, '35.00', '0.00', '35.00'],
          ['F&B', 1, '18.00', '2.00', '20.00'],
          ['Total', 2, '53.00', '2.00', '55.00'],
        ],
      },
    } as unknown as ReportData;
    expect(reportCsv(data).trim().split('\n').slice(-5)).toEqual([
      '',
      'Kind,Sales,Price,Tip,Total',
      'Rentals,1,35.00,0.00,35.00',
      'F&B,1,18.00,2.00,20.00',
      'Total,2,53.00,2.00,55.00',
    ]);
  });
});
