import { jsonValuesProblem, MAX_JSON_DEPTH, MAX_JSON_KEYS } from './json-values';

/** The values JSON.parse makes of `text` (every scalar, object and array). */
function parsedValues(text: string): number {
  const pending: unknown[] = [JSON.parse(text)];
  let count = 0;
  while (pending.length > 0) {
    const value = pending.pop();
    count++;
    if (value !== null && typeof value === 'object') pending.push(...Object.values(value));
  }
  return count;
}

/** The smallest budget the scan lets `text` through with. */
function scannedValues(text: string): number {
  const bytes = Buffer.from(text, 'latin1');
  let budget = 0;
  while (jsonValuesProblem(bytes, budget) !== null) budget++;
  return budget;
}

describe('jsonValuesProblem', () => {
  it.each([
    '0',
    '"a"',
    '[]',
    '{}',
    '[1, -2.5e+3, true, false, null, "x"]',
    '{"a": 1, "b": {"c": [1, 2, {"d": null}]}, "e": "f"}',
    '{"quote \\" in a key": "a \\\\", "colon:in": ":", "brace{": "[,]"}',
    '{"Positionen": [{}, {}, {}], "Zahlung": []}',
    ' \n{ "a" : [ 1 , 2 ] }\r\n',
    '{"ä": "ö"}',
  ])('counts the values JSON.parse makes of %s', (text) => {
    expect(scannedValues(text)).toBe(parsedValues(text));
  });

  it('answers 413 naming the budget once there are more values', () => {
    const problem = jsonValuesProblem(Buffer.from('[0,0,0,0]'), 4);
    expect(problem).toMatchObject({
      status: 413,
      code: 'payload_too_large',
      description:
        'The request body holds more than 4 JSON values, more than any valid body of this endpoint.',
    });
  });

  it(`answers 400 for an object of more than ${MAX_JSON_KEYS} keys, at any depth`, () => {
    const keys = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":0`).join(',')}}`;
    expect(jsonValuesProblem(Buffer.from(keys(MAX_JSON_KEYS)), 1000)).toBeNull();
    expect(jsonValuesProblem(Buffer.from(`[${keys(MAX_JSON_KEYS + 1)}]`), 1000)).toMatchObject({
      status: 400,
      description: `An object of the request body has more than ${MAX_JSON_KEYS} keys.`,
    });
    // Keys of sibling objects are counted each on their own.
    expect(jsonValuesProblem(Buffer.from(`[${keys(60)},${keys(60)}]`), 1000)).toBeNull();
  });

  it(`answers 400 below ${MAX_JSON_DEPTH} levels`, () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(jsonValuesProblem(Buffer.from(deep(MAX_JSON_DEPTH)), 1000)).toBeNull();
    expect(jsonValuesProblem(Buffer.from(deep(MAX_JSON_DEPTH + 1)), 1000)).toMatchObject({
      status: 400,
      description: `The request body is nested deeper than ${MAX_JSON_DEPTH} levels.`,
    });
  });

  it('leaves malformed JSON to the parser', () => {
    expect(jsonValuesProblem(Buffer.from('{"unterminated'), 10)).toBeNull();
    expect(jsonValuesProblem(Buffer.from('}}}]]]'), 10)).toBeNull();
  });

  it('skips large strings whole (Base64 of a PDF)', () => {
    const body = JSON.stringify({ Operation: 'Extract', PDF: 'QUJD'.repeat(1_000_000) });
    expect(jsonValuesProblem(Buffer.from(body), 16)).toBeNull();
  });
});
