import type { DropoffReport } from '@sandbar/contract/sales';
import { describeCorrectionValue } from '@sandbar/contract/rules/corrections';
import { screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { demoUser, renderWithProviders } from '../../../test/render';
import { CorrectionLines } from './correction-lines';

const overview: DropoffReport['overview'] = {
  todayTotal: '0.00',
  ccTotal: '0.00',
  cashTotal: '0.00',
  roomChargeTotal: '0.00',
  voucherTotal: '0.00',
  tipTotal: '0.00',
  cashTipTotal: '0.00',
  cashOnHand: '20.00',
  cashDroppedOff: '0.00',
  cashCorrections: '-20.00',
  depositTotal: '0.00',
  cashDepositTotal: '0.00',
};

// As the server sends it: the sides in English words (contract rules/corrections).
const report: DropoffReport = {
  overview,
  deposits: [],
  corrections: [
    {
      id: 1,
      saleId: 7,
      kind: 'delete',
      epoc: 1_783_170_000,
      who: 'Ann Admin',
      reason: 'Rang up twice',
      before: describeCorrectionValue('delete', JSON.stringify({ total: 2000 })),
      after: describeCorrectionValue('delete', JSON.stringify({ deleted: true })),
      paymentMethod: 'Cash',
      difference: '-20.00',
    },
  ],
  dropOffs: [],
  customers: [],
  day: '2026-07-04',
  agent: 'Demo User',
  agentId: 1,
  agents: [],
  canVoid: false,
};

afterEach(async () => {
  await i18n.changeLanguage('en');
});

// Issue 32: "Eliminada: counted ($20.00) → deleted" — the line is now Spanish from end to end.
describe('CorrectionLines', () => {
  it('reads a deletion in English', async () => {
    renderWithProviders(<CorrectionLines report={report} />, { user: demoUser('U') });
    expect(await screen.findByText(/^Deleted: counted \(\$20\.00\) → deleted, by Ann Admin at /)).toBeInTheDocument();
  });

  it('reads the whole line in Spanish, the sides included', async () => {
    await i18n.changeLanguage('es');
    renderWithProviders(<CorrectionLines report={report} />, { user: demoUser('U', { languageCode: 'es' }) });
    const line = await screen.findByText(/^Eliminada: contada \(\$20\.00\) → eliminada, por Ann Admin a las /);
    expect(line.textContent).not.toMatch(/counted|deleted/);
  });
});
