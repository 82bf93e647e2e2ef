import { deflateSync } from 'zlib';
import { extract } from '@app/zugferd';
import { readInvoice } from '@app/zugferd/invoice-lookup';
import { extractLazily } from '@app/zugferd/lazy-extract';
import { openLazily } from '@app/zugferd/lazy-reader/lazy-pdf';
import { NotReadableLazily } from '@app/zugferd/lazy-reader/not-readable-lazily';
import { undoPngPredictor } from '@app/zugferd/lazy-reader/png-predictor';
import { ProcessingLog } from '@app/zugferd/processing-log';
import { extractByFullParse } from './full-parse';
import { invoiceObjects, invoiceXml, SyntheticPdf, XrefRow } from './synthetic-pdf';

const xml = invoiceXml('first');
const updatedXml = invoiceXml('updated');
const freeZero: XrefRow = { object: 0, type: 0, field2: 0, field3: 0 };

function writeAttachment(pdf: SyntheticPdf, content: Buffer): void {
  pdf.stream(6, ' /Type /EmbeddedFile /Subtype /text#2Fxml /Filter /FlateDecode', deflateSync(content));
}

function inUse(pdf: SyntheticPdf, object: number): XrefRow {
  return { object, type: 1, field2: pdf.offsetOf(object), field3: 0 };
}

/** Objects 1-6 written plainly, then a classic table; returns the builder and the table's offset. */
function plainRevision(options: { entryLength?: 19 | 20; free?: number[] } = {}): {
  pdf: SyntheticPdf;
  xref: number;
} {
  const pdf = new SyntheticPdf();
  for (const [number, body] of invoiceObjects()) pdf.object(number, body);
  writeAttachment(pdf, xml);
  const objects = [1, 2, 3, 4, 5, 6].filter((object) => !options.free?.includes(object));
  return { pdf, xref: pdf.xrefTable(objects, '<< /Size 7 /Root 1 0 R >>', options) };
}

/** Objects 1-5 in object stream 7, the attachment as object 6, a cross-reference stream as object 10. */
function compressedFile(
  options: { filter?: 'FlateDecode' | 'ASCIIHexDecode'; predictor?: 12 | 2 | 'none' } = {},
): Buffer {
  const pdf = new SyntheticPdf('1.5');
  writeAttachment(pdf, xml);
  const rows = pdf.objectStream(7, invoiceObjects(), options.filter ?? 'FlateDecode');
  const xref = pdf.xrefStream(10, [freeZero, ...rows, inUse(pdf, 6), inUse(pdf, 7)], '/Size 11 /Root 1 0 R', {
    widths: [1, 2, 1],
    predictor: options.predictor,
  });
  return pdf.end(xref);
}

async function expectLazyLikeFullParse(pdf: Buffer, expectedXml: Buffer): Promise<void> {
  const lazy = extractLazily(pdf);
  const full = await extractByFullParse(pdf);

  expect(lazy).toBeDefined();
  expect(Buffer.from(lazy?.xml ?? [])).toEqual(expectedXml);
  expect(Buffer.from(full.xml)).toEqual(expectedXml);
  expect(lazy?.invoice.names).toEqual(full.invoice.names);
  expect(lazy?.steps).toEqual(full.steps);
}

/** The fast path declines for the expected reason; Extract still returns the invoice through the full parse. */
async function expectFullParseOnly(pdf: Buffer, expectedXml: Buffer, reason: RegExp): Promise<void> {
  expect(declineReason(pdf)).toMatch(reason);
  expect(extractLazily(pdf)).toBeUndefined();
  expect(Buffer.from((await extract(pdf)).xml)).toEqual(expectedXml);
}

function declineReason(pdf: Buffer): string {
  try {
    readInvoice(openLazily(pdf), pdf, new ProcessingLog());
    return 'read lazily';
  } catch (error) {
    return error instanceof NotReadableLazily ? error.message : `unexpected ${String(error)}`;
  }
}

describe('lazy PDF reader', () => {
  describe('reads', () => {
    it('a classic xref table of 20-byte entries', async () => {
      const { pdf, xref } = plainRevision();
      await expectLazyLikeFullParse(pdf.end(xref), xml);
    });

    it('a classic xref table whose entries are 19 bytes', async () => {
      const { pdf, xref } = plainRevision({ entryLength: 19 });
      await expectLazyLikeFullParse(pdf.end(xref), xml);
    });

    it('an xref stream with /W [1 2 1], two /Index ranges and the PNG Up predictor, pointing into an object stream', async () => {
      await expectLazyLikeFullParse(compressedFile(), xml);
    });

    it('an xref stream without predictor', async () => {
      await expectLazyLikeFullParse(compressedFile({ predictor: 'none' }), xml);
    });

    it('a hybrid file: the table marks the compressed objects free, /XRefStm lists them', async () => {
      const pdf = new SyntheticPdf('1.5');
      writeAttachment(pdf, xml);
      const rows = pdf.objectStream(7, invoiceObjects(), 'FlateDecode');
      const hidden = pdf.xrefStream(8, rows, '/Size 9');
      const table = pdf.xrefTable([6, 7], `<< /Size 9 /Root 1 0 R /XRefStm ${hidden} >>`, {
        free: [1, 2, 3, 4, 5],
      });
      await expectLazyLikeFullParse(pdf.end(table), xml);
    });

    it('an incremental update through /Prev: the newest object wins', async () => {
      const { pdf, xref } = plainRevision();
      pdf.startxref(xref);
      writeAttachment(pdf, updatedXml);
      const update = pdf.xrefTable([6], `<< /Size 7 /Root 1 0 R /Prev ${xref} >>`);
      await expectLazyLikeFullParse(pdf.end(update), updatedXml);
    });

    it('an update written as an xref stream on top of a classic table', async () => {
      const { pdf, xref } = plainRevision();
      pdf.startxref(xref);
      writeAttachment(pdf, updatedXml);
      const update = pdf.xrefStream(7, [inUse(pdf, 6)], `/Size 8 /Root 1 0 R /Prev ${xref}`);
      await expectLazyLikeFullParse(pdf.end(update), updatedXml);
    });
  });

  describe('leaves to the full parse', () => {
    it('files that mention /Encrypt', () => {
      const pdf = new SyntheticPdf();
      for (const [number, body] of invoiceObjects()) pdf.object(number, body);
      writeAttachment(pdf, xml);
      const xref = pdf.xrefTable(
        [1, 2, 3, 4, 5, 6],
        '<< /Size 7 /Root 1 0 R /Encrypt << /Filter /Standard >> >>',
      );

      expect(() => openLazily(pdf.end(xref))).toThrow(new NotReadableLazily('encrypted'));
    });

    it('a startxref that points nowhere', async () => {
      const { pdf, xref } = plainRevision();
      await expectFullParseOnly(pdf.end(xref + 3), xml, /expected an integer/);
    });

    it('an xref offset at which another object stands', async () => {
      const pdf = new SyntheticPdf();
      for (const [number, body] of invoiceObjects()) pdf.object(number, body);
      writeAttachment(pdf, xml);
      pdf.offsets.set(5, pdf.offsetOf(4));
      await expectFullParseOnly(
        pdf.end(pdf.xrefTable([1, 2, 3, 4, 5, 6], '<< /Size 7 /Root 1 0 R >>')),
        xml,
        /found 4 0 R where the xref puts 5 0 R/,
      );
    });

    it('a referenced object the xref marks free', async () => {
      const { pdf, xref } = plainRevision({ free: [5] });
      await expectFullParseOnly(pdf.end(xref), xml, /5 0 R is not in use/);
    });

    it('a /Prev chain that loops', async () => {
      const { pdf, xref } = plainRevision();
      pdf.startxref(xref);
      writeAttachment(pdf, updatedXml);
      const update = pdf.xrefTable([6], `<< /Size 7 /Root 1 0 R /Prev ${pdf.length} >>`);
      await expectFullParseOnly(pdf.end(update), updatedXml, /\/Prev chain loops/);
    });

    it('an object stream with a filter other than FlateDecode', async () => {
      await expectFullParseOnly(compressedFile({ filter: 'ASCIIHexDecode' }), xml, /filter \/ASCIIHexDecode/);
    });

    it('an xref stream with the TIFF predictor', async () => {
      await expectFullParseOnly(compressedFile({ predictor: 2 }), xml, /predictor 2/);
    });

    it('a PDF without an invoice, so that the full parse words the refusal', async () => {
      const pdf = new SyntheticPdf();
      pdf.object(1, '<< /Type /Catalog /Pages 2 0 R >>');
      pdf.object(2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
      pdf.object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>');
      const bytes = pdf.end(pdf.xrefTable([1, 2, 3], '<< /Size 4 /Root 1 0 R >>'));

      expect(openLazily(bytes).pageCount).toBe(1);
      expect(extractLazily(bytes)).toBeUndefined();
      await expect(extract(bytes)).rejects.toMatchObject({ reason: expect.stringMatching(/no invoice XML/) });
    });
  });

  describe('PNG predictor', () => {
    const layout = { colors: 3, bitsPerComponent: 8, columns: 2 };
    const rows = [
      [10, 20, 30, 40, 50, 60],
      [11, 22, 33, 44, 55, 66],
      [200, 100, 0, 255, 128, 1],
      [1, 2, 3, 4, 5, 6],
      [90, 80, 70, 60, 50, 40],
    ];

    it.each([
      ['None', 0],
      ['Sub', 1],
      ['Up', 2],
      ['Average', 3],
      ['Paeth', 4],
    ])('undoes the %s filter with 3-byte pixels', (_name, filter) => {
      const encoded = Buffer.concat(
        rows.map((row, index) => Buffer.from([filter, ...encodeRow(filter, row, rows[index - 1], 3)])),
      );

      expect(Array.from(undoPngPredictor(encoded, layout))).toEqual(rows.flat());
    });

    it('mixes filters row by row', () => {
      const encoded = Buffer.concat(
        rows.map((row, index) => Buffer.from([index, ...encodeRow(index, row, rows[index - 1], 3)])),
      );

      expect(Array.from(undoPngPredictor(encoded, layout))).toEqual(rows.flat());
    });

    it('refuses an unknown row filter', () => {
      expect(() => undoPngPredictor(Buffer.from([5, 1, 2, 3, 4, 5, 6]), layout)).toThrow(NotReadableLazily);
    });
  });
});

/** The PNG encoder side, written from the specification independently of the decoder. */
function encodeRow(filter: number, row: number[], above: number[] | undefined, pixelBytes: number): number[] {
  return row.map((value, index) => {
    const left = index >= pixelBytes ? row[index - pixelBytes] : 0;
    const up = above ? above[index] : 0;
    const upLeft = above && index >= pixelBytes ? above[index - pixelBytes] : 0;
    const predictions = [0, left, up, Math.floor((left + up) / 2), paethPredictor(left, up, upLeft)];
    return (value - predictions[filter] + 256) % 256;
  });
}

function paethPredictor(a: number, b: number, c: number): number {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}
