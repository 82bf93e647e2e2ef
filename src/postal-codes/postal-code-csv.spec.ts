import { parsePostalCodeCsv } from './postal-code-csv';

describe('postal-code CSV', () => {
  it('reads the three columns in any order, with BOM, quotes, CRLF and duplicates', () => {
    const csv =
      '\uFEFFOrtName;OrtPLZ;OrtLand;Kanton\r\n"Zürich";8001;ch;ZH\r\n"Biel; Bienne";2502;CH;BE\r\n\r\nZürich;8001;CH;ZH\r\n';
    expect(parsePostalCodeCsv(csv)).toEqual({
      entries: [
        { OrtLand: 'CH', OrtPLZ: '8001', OrtName: 'Zürich' },
        { OrtLand: 'CH', OrtPLZ: '2502', OrtName: 'Biel; Bienne' },
      ],
      errors: [],
    });
  });

  it('detects comma and tab delimiters and "" inside quotes', () => {
    expect(parsePostalCodeCsv('OrtLand,OrtPLZ,OrtName\nDE,10115,"Berlin ""Mitte"""\n').entries).toEqual([
      { OrtLand: 'DE', OrtPLZ: '10115', OrtName: 'Berlin "Mitte"' },
    ]);
    expect(parsePostalCodeCsv('ortland\tortplz\tortname\nAT\t1010\tWien\n').entries).toEqual([
      { OrtLand: 'AT', OrtPLZ: '1010', OrtName: 'Wien' },
    ]);
  });

  it('reports every bad line with its number', () => {
    const csv = [
      'OrtLand;OrtPLZ;OrtName',
      'XX;1000;Nirgendwo',
      'CH;;Bern',
      `CH;3000;${'x'.repeat(49)}`,
      'CH;3000;Bern',
    ].join('\n');
    const parsed = parsePostalCodeCsv(csv);
    expect(parsed.errors).toEqual([
      'Line 2: OrtLand "XX" is not an ISO 3166-1 alpha-2 country code.',
      'Line 3: OrtPLZ is empty.',
      'Line 4: OrtName is longer than 48 characters.',
    ]);
    expect(parsed.entries).toEqual([{ OrtLand: 'CH', OrtPLZ: '3000', OrtName: 'Bern' }]);
  });

  it('refuses a file without the header', () => {
    expect(parsePostalCodeCsv('CH;8001;Zürich\n').errors).toEqual([
      'Line 1: the header must name the columns OrtLand, OrtPLZ, OrtName (missing: OrtLand, OrtPLZ, OrtName).',
    ]);
    expect(parsePostalCodeCsv('\n\n').errors).toEqual(['The file is empty.']);
  });
});
