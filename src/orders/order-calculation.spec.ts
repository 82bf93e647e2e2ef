import { dec } from '../common/money';
import { calculateLine, packagingQuantity, summarize } from './order-calculation';

const chf26 = { code: 'CH26', rate: dec('2.6') };
const chf81 = { code: 'CH81', rate: dec('8.1') };

describe('order line calculation', () => {
  it('multiplies, discounts and rounds half-up to the cent', () => {
    const line = calculateLine({
      quantity: dec(1),
      unitPrice: dec('349.00'),
      packaging: null,
      discountPercent: dec(5),
      tax: chf81,
    });
    expect(line.PosPreisTotal.toFixed()).toBe('331.55');
    expect(line.PosPreisWUSTBetrag.toFixed()).toBe('26.86'); // 26.85555
    expect(line.PosPreisEinzel.toFixed()).toBe('349');
    expect(line.VPEAnzBest).toBeNull();
  });

  it('rounds a half cent up', () => {
    const line = calculateLine({
      quantity: dec(1),
      unitPrice: dec('0.125'),
      packaging: null,
      discountPercent: null,
      tax: { code: 'X', rate: dec(0) },
    });
    expect(line.PosPreisTotal.toFixed()).toBe('0.13');
  });

  it('counts packaging units through the factor and prices the packaging unit', () => {
    const line = calculateLine({
      quantity: dec(12),
      unitPrice: dec('115.00'),
      packaging: { unit: 'KAR', factor: dec(6) },
      discountPercent: null,
      tax: chf26,
    });
    expect(line.VPEAnzBest?.toFixed()).toBe('2');
    expect(line.VPEPreisEinzel?.toFixed()).toBe('115');
    expect(line.PosPreisEinzel.toFixed()).toBe('19.1667');
    expect(line.PosPreisTotal.toFixed()).toBe('230');
    expect(line.PosPreisWUSTBetrag.toFixed()).toBe('5.98');
    expect(line.VPEinheit).toBe('KAR');
  });

  it('refuses a quantity that is not a whole number of packaging units', () => {
    expect(packagingQuantity(dec(10), dec(6))).toBeNull();
    expect(packagingQuantity(dec('1.5'), dec('0.5'))?.toFixed()).toBe('3');
    expect(() =>
      calculateLine({
        quantity: dec(10),
        unitPrice: dec(1),
        packaging: { unit: 'KAR', factor: dec(6) },
        discountPercent: null,
        tax: chf26,
      }),
    ).toThrow(RangeError);
  });

  it('stays exact beyond 20 significant digits', () => {
    const line = calculateLine({
      quantity: dec('999999999.9999'),
      unitPrice: dec('9999.9999'),
      packaging: null,
      discountPercent: dec('33.333'),
      tax: chf81,
    });
    // exact product: 6666699933332.3333300066667 (27 significant digits)
    expect(line.PosPreisTotal.toFixed()).toBe('6666699933332.33');
  });
});

describe('order totals and tax recap', () => {
  it('adds 0.1 and 0.2 to exactly 0.3 and groups per rate', () => {
    const lines = [
      { PosPreisTotal: dec('0.1'), PosPreisWUSTBetrag: dec('0.01'), WUSTSatz: dec('8.1'), WUSTCode: 'CH81' },
      { PosPreisTotal: dec('0.2'), PosPreisWUSTBetrag: dec('0.02'), WUSTSatz: dec('8.1'), WUSTCode: 'CH81' },
      { PosPreisTotal: dec('10'), PosPreisWUSTBetrag: dec('0.26'), WUSTSatz: dec('2.6'), WUSTCode: 'CH26' },
    ];
    const t = summarize(lines, dec('0.05'));
    expect(t.net.toFixed()).toBe('10.3');
    expect(t.tax.toFixed()).toBe('0.29');
    expect(t.gross.toFixed(2)).toBe('10.60'); // 10.59 -> cash rounding 0.05
    expect(t.perRate.map((r) => [r.code, r.net.toFixed(), r.tax.toFixed()])).toEqual([
      ['CH26', '10', '0.26'],
      ['CH81', '0.3', '0.03'],
    ]);
  });

  it('keeps cents without a cash rounding', () => {
    const t = summarize(
      [{ PosPreisTotal: dec('10.02'), PosPreisWUSTBetrag: dec('1.9'), WUSTSatz: dec(19), WUSTCode: 'DE19' }],
      dec('0.01'),
    );
    expect(t.gross.toFixed(2)).toBe('11.92');
  });
});
