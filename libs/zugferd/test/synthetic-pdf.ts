import { deflateSync } from 'zlib';

/** One row of a cross-reference stream: type 0 free, 1 at an offset, 2 inside an object stream. */
export interface XrefRow {
  object: number;
  type: 0 | 1 | 2;
  field2: number;
  field3: number;
}

export interface XrefStreamOptions {
  widths?: [number, number, number];
  /** PNG predictor 12 (Up) with /Columns = row length, as most writers use it; 2 is the TIFF predictor. */
  predictor?: 12 | 2 | 'none';
}

/**
 * Writes small PDFs byte by byte, so tests can build exactly the cross-reference layouts the lazy
 * reader must handle (tables, streams, object streams, hybrids, updates) and the ones it must refuse.
 */
export class SyntheticPdf {
  readonly offsets = new Map<number, number>();
  private readonly parts: Buffer[] = [];
  private size = 0;

  constructor(version = '1.7') {
    this.append(`%PDF-${version}\n%\xe2\xe3\xcf\xd3\n`);
  }

  get length(): number {
    return this.size;
  }

  append(content: string | Buffer): number {
    const offset = this.size;
    const bytes = typeof content === 'string' ? Buffer.from(content, 'latin1') : content;
    this.parts.push(bytes);
    this.size += bytes.length;
    return offset;
  }

  object(number: number, body: string | Buffer): number {
    const offset = this.append(`${number} 0 obj\n`);
    this.append(body);
    this.append('\nendobj\n');
    this.offsets.set(number, offset);
    return offset;
  }

  stream(number: number, dict: string, data: Buffer): number {
    return this.object(
      number,
      Buffer.concat([
        Buffer.from(`<<${dict} /Length ${data.length}>>\nstream\n`, 'latin1'),
        data,
        Buffer.from('\nendstream'),
      ]),
    );
  }

  /** An object stream holding the given objects; returns the rows the xref needs for them. */
  objectStream(
    number: number,
    objects: [number, string][],
    filter: 'FlateDecode' | 'ASCIIHexDecode',
  ): XrefRow[] {
    let header = '';
    let body = '';
    for (const [objectNumber, text] of objects) {
      header += `${objectNumber} ${body.length} `;
      body += `${text}\n`;
    }
    const data = Buffer.from(header + body, 'latin1');
    const encoded =
      filter === 'FlateDecode' ? deflateSync(data) : Buffer.from(`${data.toString('hex')}>`, 'latin1');
    this.stream(
      number,
      ` /Type /ObjStm /N ${objects.length} /First ${header.length} /Filter /${filter}`,
      encoded,
    );
    return objects.map(([objectNumber], index) => ({
      object: objectNumber,
      type: 2,
      field2: number,
      field3: index,
    }));
  }

  /** A classic table over the given objects (0 is always free); entries of 20 bytes or of 19 as some writers do. */
  xrefTable(
    objects: number[],
    trailer: string,
    options: { entryLength?: 19 | 20; free?: number[] } = {},
  ): number {
    const end = options.entryLength === 19 ? '\n' : ' \n';
    const rows = new Map<number, string>([[0, `0000000000 65535 f${end}`]]);
    for (const object of objects)
      rows.set(object, `${String(this.offsetOf(object)).padStart(10, '0')} 00000 n${end}`);
    for (const object of options.free ?? []) rows.set(object, `0000000000 00001 f${end}`);
    let table = 'xref\n';
    for (const [first, run] of consecutiveRuns([...rows.keys()])) {
      table += `${first} ${run.length}\n${run.map((object) => rows.get(object)).join('')}`;
    }
    return this.append(`${table}trailer\n${trailer}\n`);
  }

  /** A cross-reference stream object listing `rows` plus itself. */
  xrefStream(number: number, rows: XrefRow[], trailer: string, options: XrefStreamOptions = {}): number {
    const widths = options.widths ?? [1, 4, 2];
    const offset = this.length;
    const all = [...rows, { object: number, type: 1 as const, field2: offset, field3: 0 }].sort(
      (a, b) => a.object - b.object,
    );
    const rowLength = widths[0] + widths[1] + widths[2];
    const table = Buffer.concat(
      all.map((row) =>
        Buffer.concat([
          bigEndian(row.type, widths[0]),
          bigEndian(row.field2, widths[1]),
          bigEndian(row.field3, widths[2]),
        ]),
      ),
    );
    const predictor = options.predictor ?? 12;
    const data = predictor === 'none' ? table : pngUpRows(table, rowLength);
    const index = consecutiveRuns(all.map((row) => row.object))
      .map(([first, run]) => `${first} ${run.length}`)
      .join(' ');
    const parameters =
      predictor === 'none' ? '' : ` /DecodeParms << /Predictor ${predictor} /Columns ${rowLength} >>`;
    this.stream(
      number,
      ` /Type /XRef /W [${widths.join(' ')}] /Index [${index}] /Filter /FlateDecode${parameters} ${trailer}`,
      deflateSync(data),
    );
    return offset;
  }

  /** Closes a revision; an incremental update may follow. */
  startxref(offset: number): this {
    this.append(`startxref\n${offset}\n%%EOF\n`);
    return this;
  }

  end(startxref: number): Buffer {
    return this.startxref(startxref).bytes();
  }

  bytes(): Buffer {
    return Buffer.concat(this.parts);
  }

  offsetOf(object: number): number {
    const offset = this.offsets.get(object);
    if (offset === undefined) throw new Error(`object ${object} was not written`);
    return offset;
  }
}

/** The objects of a one-page e-invoice whose attachment (object 6) is written by the test. */
export function invoiceObjects(attachmentName = 'factur-x.xml'): [number, string][] {
  return [
    [1, '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 4 0 R >> >>'],
    [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'],
    [4, `<< /Names [(${attachmentName}) 5 0 R] >>`],
    [5, `<< /Type /Filespec /F (${attachmentName}) /UF (${attachmentName}) /EF << /F 6 0 R >> >>`],
  ];
}

export function invoiceXml(id: string): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice id="${id}"/>\n`);
}

/** Applies the PNG Up filter to each row, as writers of cross-reference streams do. */
export function pngUpRows(table: Buffer, rowLength: number): Buffer {
  const rows: Buffer[] = [];
  for (let start = 0; start < table.length; start += rowLength) {
    const row = Buffer.alloc(rowLength + 1);
    row[0] = 2;
    for (let index = 0; index < rowLength; index++) {
      const above = start >= rowLength ? table[start - rowLength + index] : 0;
      row[index + 1] = (table[start + index] - above) & 0xff;
    }
    rows.push(row);
  }
  return Buffer.concat(rows);
}

function bigEndian(value: number, width: number): Buffer {
  const bytes = Buffer.alloc(width);
  for (let index = width - 1, rest = value; index >= 0; index--, rest = Math.floor(rest / 256))
    bytes[index] = rest % 256;
  return bytes;
}

function consecutiveRuns(objects: number[]): [number, number[]][] {
  const runs: [number, number[]][] = [];
  for (const object of [...objects].sort((a, b) => a - b)) {
    const last = runs[runs.length - 1];
    if (last && last[1][last[1].length - 1] === object - 1) last[1].push(object);
    else runs.push([object, [object]]);
  }
  return runs;
}
