import type { Translation } from '@sandbar/contract/i18n';
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

export const receiptEs: Translation<typeof receiptEn> = {
  heading: 'Recibo',
  invoice: 'Factura n.º',
  purchaseDate: 'Fecha de compra',
  unit: 'Unidad',
  unitWhere: '{{location}} {{number}} (fila {{row}}, posición {{position}})',
  retailValue: 'Valor al público',
  subTotal: 'Subtotal',
  gratuityPercent: 'Propina',
  gratuityAmount: 'Monto de la propina',
  total: 'Total',
  payment: 'Pago',
  voucher: 'Cupón',
  questions: '¿Preguntas sobre este recibo?',
  print: 'Imprimir',
  notFound: 'Este recibo no existe.',
};
