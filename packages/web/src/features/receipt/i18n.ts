/** Sandbar's own words for the public receipt page. */
export const receiptEn = {
  heading: 'Receipt',
  invoice: 'Invoice #',
  purchaseDate: 'Purchase Date',
  unit: 'Unit',
  unitWhere: '{{location}} {{number}} (row {{row}}, position {{position}})',
  retailValue: 'Retail Value',
  subTotal: 'Sub Total',
  gratuityPercent: 'Gratuity',
  gratuityAmount: 'Gratuity Amount',
  total: 'Total',
  payment: 'Payment',
  voucher: 'Voucher',
  questions: 'Questions about this receipt?',
  print: 'Print',
  notFound: 'This receipt does not exist.',
};
