import fc from 'fast-check';
import { cashRound, compareDecimals, dec, decimalString, roundMoney, toJsonNumber } from './money';

describe('money', () => {
  it('adds without float artefacts', () => {
    expect(toJsonNumber(dec(0.1).plus(0.2))).toBe(0.3);
    expect(JSON.stringify({ v: toJsonNumber(dec('1.005').plus('2.1'), 2) })).toBe('{"v":3.11}');
  });

  it('writes database values (strings and numbers) exactly as their decimal reads', () => {
    const viaDecimal = (v: string | number) => Number(dec(v).toString());
    const decimalStrings = fc
      .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.integer({ min: 0, max: 8 }))
      .map(([neg, digits, scale]) => {
        const s = digits.toString().padStart(scale + 1, '0');
        const text = scale === 0 ? s : `${s.slice(0, -scale)}.${s.slice(-scale)}`;
        return neg ? `-${text}` : text;
      });
    fc.assert(
      fc.property(fc.oneof(decimalStrings, fc.double({ noNaN: true, noDefaultInfinity: true })), (v) => {
        expect(JSON.stringify(toJsonNumber(v))).toBe(JSON.stringify(viaDecimal(v)));
      }),
      { numRuns: 5000 },
    );
    expect(toJsonNumber('282.9000')).toBe(282.9);
    expect(toJsonNumber('-0.00')).toBe(0);
    expect(toJsonNumber('12345678901234567.5')).toBe(Number(dec('12345678901234567.5').toString()));
  });

  it('writes and orders decimal text exactly as Decimal does', () => {
    const texts = fc
      .tuple(
        fc.boolean(),
        fc.stringMatching(/^\d{1,24}$/),
        fc.option(fc.stringMatching(/^\d{0,12}$/), { nil: undefined }),
      )
      .map(([neg, int, frac]) => `${neg ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}`);
    const values = fc.oneof(texts, fc.double({ noNaN: true, noDefaultInfinity: true }));
    fc.assert(
      fc.property(values, values, (a, b) => {
        expect(decimalString(a)).toBe(dec(a).toString());
        expect(compareDecimals(decimalString(a), decimalString(b))).toBe(dec(a).comparedTo(dec(b)));
      }),
      { numRuns: 5000 },
    );
    const outcome = (write: () => string) => {
      try {
        return write();
      } catch {
        return 'refused';
      }
    };
    for (const text of [
      '12.',
      '-0.5',
      '-00012.3400',
      '-0',
      '0.000001',
      '0.0000001',
      '-0.0000010',
      '0.',
      '000',
      '1e5',
      ' 1',
      '1 ',
      '+1',
      '.5',
      '-',
      '',
      '1.2.3',
      '1,5',
      '\uff11',
      '123456789012345678901',
      '12345678901234567890.5',
    ])
      expect([text, outcome(() => decimalString(text))]).toEqual([text, outcome(() => dec(text).toString())]);
    expect(decimalString('0000.0000001')).toBe('1e-7');
    expect(decimalString('282.9000')).toBe('282.9');
  });

  it('rounds half-up to the cent and to the cash step', () => {
    expect(roundMoney('2.345').toFixed(2)).toBe('2.35');
    expect(roundMoney('-2.345').toFixed(2)).toBe('-2.35');
    expect(cashRound('10.024', '0.05').toFixed(2)).toBe('10.00');
    expect(cashRound('10.025', '0.05').toFixed(2)).toBe('10.05');
    expect(cashRound('10.074', '0.01').toFixed(2)).toBe('10.07');
  });
});
