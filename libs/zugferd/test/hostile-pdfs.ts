import { deflateSync } from 'node:zlib';
import { invoiceObjects, invoiceXml, SyntheticPdf } from './synthetic-pdf';

/**
 * A crafted PDF and what each operation must answer to it: a refusal whose reason matches, or
 * success where the crafted part is never read (Extract reads only the objects on the way to the
 * invoice) or harmless.
 */
export interface HostilePdf {
  name: string;
  pdf: Buffer;
  extract: RegExp | 'extracted';
  combine: RegExp | 'combined';
}

const bombSize = 512 * 1024 * 1024;
let zeros: Buffer | undefined;

/** Flate data of 512 MiB of zeros: about 0.5 MB on the wire. Built once per process. */
function zipBomb(): Buffer {
  zeros ??= deflateSync(Buffer.alloc(bombSize), { level: 1 });
  return zeros;
}

/** A one-page invoice file whose objects are given; `extra` replaces or adds objects. */
function invoiceFile(extra: [number, string][] = [], attachment?: Buffer): Buffer {
  const pdf = new SyntheticPdf();
  const objects = new Map(invoiceObjects());
  for (const [number, body] of extra) objects.set(number, body);
  for (const [number, body] of objects) pdf.object(number, body);
  if (attachment) pdf.stream(6, ' /Type /EmbeddedFile /Subtype /text#2Fxml /Filter /FlateDecode', attachment);
  else pdf.stream(6, ' /Type /EmbeddedFile /Subtype /text#2Fxml', invoiceXml('hostile'));
  const numbers = [...objects.keys(), 6].sort((a, b) => a - b);
  const size = numbers[numbers.length - 1] + 1;
  return pdf.end(pdf.xrefTable(numbers, `<< /Size ${size} /Root 1 0 R >>`));
}

/** Page nodes 10..10+depth, each listing the next node twice: 2^depth leaves for a walk without a visited set. */
function doublingPageTree(depth: number): Buffer {
  const nodes: [number, string][] = [[2, '<< /Type /Pages /Kids [10 0 R] /Count 1 >>']];
  for (let level = 0; level < depth; level++) {
    const next = level === depth - 1 ? 3 : 11 + level;
    nodes.push([
      10 + level,
      `<< /Type /Pages /Kids [${next} 0 R ${next} 0 R] /Count ${2 ** (depth - level)} >>`,
    ]);
  }
  return invoiceFile(nodes);
}

/** The Pages node lists a child that lists the Pages node again. */
function pageTreeLoop(): Buffer {
  return invoiceFile([
    [2, '<< /Type /Pages /Kids [10 0 R 3 0 R] /Count 2 >>'],
    [10, '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>'],
  ]);
}

/** One Pages node whose Kids list the same page 200,000 times (about 1.2 MB). */
function pageTreeFanOut(): Buffer {
  return invoiceFile([[2, `<< /Type /Pages /Kids [${'3 0 R '.repeat(200_000)}] /Count 200000 >>`]]);
}

/** An object stream that the parser would inflate to 512 MiB while loading the file. */
function objectStreamBomb(): Buffer {
  const pdf = new SyntheticPdf('1.5');
  for (const [number, body] of invoiceObjects()) pdf.object(number, body);
  pdf.stream(6, ' /Type /EmbeddedFile /Subtype /text#2Fxml', invoiceXml('hostile'));
  pdf.stream(7, ' /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', zipBomb());
  return pdf.end(pdf.xrefTable([1, 2, 3, 4, 5, 6, 7], '<< /Size 8 /Root 1 0 R >>'));
}

/** A cross-reference stream whose PNG predictor claims rows of two billion bytes. */
function hugePredictor(): Buffer {
  const pdf = new SyntheticPdf('1.5');
  for (const [number, body] of invoiceObjects()) pdf.object(number, body);
  pdf.stream(6, ' /Type /EmbeddedFile /Subtype /text#2Fxml', invoiceXml('hostile'));
  const offset = pdf.length;
  pdf.stream(
    7,
    ' /Type /XRef /Size 8 /W [1 4 2] /Root 1 0 R /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 2000000000 >>',
    deflateSync(Buffer.alloc(56 * 8, 1)),
  );
  return pdf.end(offset);
}

/** A valid invoice file cut in the middle of its cross-reference table, and its page missing. */
function truncatedXref(): Buffer {
  const file = invoiceFile([[2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>']]);
  const xref = file.lastIndexOf('xref\n');
  const cut = Buffer.from(file.subarray(0, xref + 40));
  return Buffer.from(cut.toString('latin1').replace('/Type /Page /Parent', '/Type /Pagx /Parent'), 'latin1');
}

/** An object of 100,000 nested arrays: a recursive parser runs out of stack. */
function deepNesting(): Buffer {
  return invoiceFile([[9, `${'['.repeat(100_000)}${']'.repeat(100_000)}`]]);
}

/**
 * The hostile corpus: each file is refused, quickly, without the library's unbounded walks or
 * inflates. Built in memory (deterministic); the bombs are small on the wire.
 */
export function hostilePdfs(): HostilePdf[] {
  const doubled = /page tree lists object 3 more than once/;
  const tooManyNodes = /page tree has more than 100000 nodes/;
  const noPage = /damaged: no page could be found/;
  return [
    {
      name: 'page tree doubling per level (depth 40)',
      pdf: doublingPageTree(40),
      extract: doubled,
      combine: doubled,
    },
    {
      name: 'page tree loop',
      pdf: pageTreeLoop(),
      extract: /page tree lists object 2 more than once/,
      combine: /page tree lists object 2 more than once/,
    },
    {
      name: 'page tree fan-out (200,000 kids)',
      pdf: pageTreeFanOut(),
      extract: tooManyNodes,
      combine: tooManyNodes,
    },
    {
      name: 'object stream zip bomb (512 MiB)',
      pdf: objectStreamBomb(),
      extract: 'extracted',
      combine: /an object or cross-reference stream expands to more than 64 MiB/,
    },
    {
      name: 'attachment zip bomb (512 MiB)',
      pdf: invoiceFile([], zipBomb()),
      extract: /the attachment factur-x\.xml expands to more than 64 MiB/,
      combine: 'combined',
    },
    { name: 'predictor rows of 2 GB', pdf: hugePredictor(), extract: 'extracted', combine: 'combined' },
    { name: 'truncated cross-reference table', pdf: truncatedXref(), extract: noPage, combine: noPage },
    { name: '100,000 nested arrays', pdf: deepNesting(), extract: 'extracted', combine: 'combined' },
  ];
}

/**
 * A valid one-page invoice with `fillers` extra small objects: nothing to refuse, only slow to parse
 * in full (Combine), for tests of the time limit.
 */
export function manyObjectsPdf(fillers: number): Buffer {
  return invoiceFile(
    Array.from({ length: fillers }, (_, index): [number, string] => [100 + index, `<< /Filler ${index} >>`]),
  );
}
