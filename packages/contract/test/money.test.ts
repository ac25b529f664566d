import { describe, expect, it } from 'vitest';
import { formatCents, formatMoney, formatMoneyCell } from '../src/rules/money';

describe('money formatting', () => {
  it('puts the sign before the symbol and separates thousands', () => {
    expect(formatMoney('-99992.00')).toBe('-$99,992.00');
    expect(formatCents(-9_999_200)).toBe('-$99,992.00');
    expect(formatMoney('100000')).toBe('$100,000.00');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
  });
  it('never prints a negative zero', () => {
    expect(formatCents(-0)).toBe('$0.00');
    expect(formatMoney('-0.00')).toBe('$0.00');
  });
  it('drops zero cents only when asked and only for whole amounts', () => {
    expect(formatMoney('35.00', { dropZeroCents: true })).toBe('$35');
    expect(formatMoney('35.50', { dropZeroCents: true })).toBe('$35.50');
    expect(formatMoney('35.00')).toBe('$35.00');
  });
  it('follows the locale and currency', () => {
    expect(formatMoney('12345.50', { locale: 'es-ES', currency: 'EUR' })).toMatch(/^12\.345,50\s€$/);
  });
  it('passes through what is not an amount', () => {
    expect(formatMoney('abc')).toBe('abc');
  });
  it('formats the amounts of a report and leaves its other cells alone', () => {
    expect(formatMoneyCell('1234.50')).toBe('$1,234.50');
    expect(formatMoneyCell('-5.00')).toBe('-$5.00');
    expect(formatMoneyCell('Casey Staff')).toBe('Casey Staff');
    expect(formatMoneyCell(3)).toBe('3');
    expect(formatMoneyCell('12.5%')).toBe('12.5%');
    expect(formatMoneyCell('10:00')).toBe('10:00');
  });
});
