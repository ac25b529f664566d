import { describe, expect, it } from 'vitest';
import { canAccess, homePathFor, navByUserType } from '../src/roles';
import { centsToMoney, moneyToCents } from '../src/common';

describe('roles', () => {
  it('lands S and M on the daily log, others on the dashboard', () => {
    expect(homePathFor('S')).toBe('/config/daily-log');
    expect(homePathFor('M')).toBe('/config/daily-log');
    expect(homePathFor('A')).toBe('/');
    expect(homePathFor('U')).toBe('/');
  });
  it('matches the spec navigation table', () => {
    expect(navByUserType.U).toEqual(['dashboard', 'notes']);
    expect(navByUserType.M).toEqual(['dashboard', 'notes', 'people', 'log']);
    expect(navByUserType.A).toHaveLength(10);
  });
  it('keeps prices admin-only and the daily log from staff', () => {
    expect(canAccess('S', 'prices')).toBe(false);
    expect(canAccess('A', 'prices')).toBe(true);
    expect(canAccess('U', 'dailyLog')).toBe(false);
    expect(canAccess('M', 'dailyLog')).toBe(true);
  });
});

describe('money', () => {
  it('converts cents and strings both ways', () => {
    expect(centsToMoney(3500)).toBe('35.00');
    expect(centsToMoney(5)).toBe('0.05');
    expect(centsToMoney(-1250)).toBe('-12.50');
    expect(moneyToCents('35.00')).toBe(3500);
    expect(moneyToCents('0.1')).toBe(10);
    expect(moneyToCents(19.99)).toBe(1999);
  });
});
