import { cashRound, dec, roundMoney, toJsonNumber } from './money';

describe('money', () => {
  it('adds without float artefacts', () => {
    expect(toJsonNumber(dec(0.1).plus(0.2))).toBe(0.3);
    expect(JSON.stringify({ v: toJsonNumber(dec('1.005').plus('2.1'), 2) })).toBe('{"v":3.11}');
  });

  it('rounds half-up to the cent and to the cash step', () => {
    expect(roundMoney('2.345').toFixed(2)).toBe('2.35');
    expect(roundMoney('-2.345').toFixed(2)).toBe('-2.35');
    expect(cashRound('10.024', '0.05').toFixed(2)).toBe('10.00');
    expect(cashRound('10.025', '0.05').toFixed(2)).toBe('10.05');
    expect(cashRound('10.074', '0.01').toFixed(2)).toBe('10.07');
  });
});
