import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
} from '@cantoo/pdf-lib';
import { combine, extract } from '@app/zugferd';
import { readCorpusFile } from '../libs/zugferd/test/corpus';

const xml = readCorpusFile('xml-cii/EN16931_Einfach.cii.xml');

/**
 * npm run bench -- zugferd: median milliseconds of Combine and Extract on a 4 MB PDF, beside
 * `qpdf --add-attachment` and `pdfdetach -save` on the same file in the same run (the tools'
 * times include starting their process). Two inputs: an invoice with scanned-page-like images
 * (few large streams, built here deterministically) and the corpus' 4 MB file of ~85,000 objects.
 * Extract also runs on Combine's output rewritten by qpdf with object streams and an xref stream,
 * the layout most large producers write, so the numbers show the lazy reader on both layouts.
 */
export async function run(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'bench-zugferd-'));
  try {
    const scanned = await buildScannedInvoice();
    const objectHeavy = readCorpusFile('pdf-plain/plain_pdflib_linearized_with_object_streams.pdf');
    await compare('invoice with page images', scanned, work, { combine: 9, extract: 9 });
    await compare('corpus linearized, object streams', objectHeavy, work, { combine: 3, extract: 9 });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function compare(
  label: string,
  pdf: Buffer,
  work: string,
  rounds: { combine: number; extract: number },
): Promise<void> {
  const input = join(work, 'input.pdf');
  const xmlPath = join(work, 'factur-x.xml');
  const qpdfOutput = join(work, 'qpdf-output.pdf');
  writeFileSync(input, pdf);
  writeFileSync(xmlPath, xml);

  const combined = (await combine(pdf, xml)).pdf;
  const combinedPath = join(work, 'combined.pdf');
  writeFileSync(combinedPath, combined);
  const compressedPath = join(work, 'combined-object-streams.pdf');
  tool('qpdf', ['--object-streams=generate', combinedPath, compressedPath]);
  const compressed = readFileSync(compressedPath);

  const ours = {
    combine: await median(rounds.combine, () => combine(pdf, xml)),
    extract: await median(rounds.extract, () => extract(combined)),
    extractCompressed: await median(rounds.extract, () => extract(compressed)),
  };
  const detach = (path: string) => async () =>
    tool('pdfdetach', ['-savefile', 'factur-x.xml', '-o', join(work, 'out.xml'), path]);
  const tools = {
    combine: await median(rounds.combine, async () =>
      tool('qpdf', [input, '--add-attachment', xmlPath, '--mimetype=text/xml', '--', qpdfOutput]),
    ),
    extract: await median(rounds.extract, detach(combinedPath)),
    extractCompressed: await median(rounds.extract, detach(compressedPath)),
  };

  console.log(
    `\n${label}: ${(pdf.length / 1e6).toFixed(2)} MB in, ${(combined.length / 1e6).toFixed(2)} MB out ` +
      `(${(compressed.length / 1e6).toFixed(2)} MB with object streams), ` +
      `median of ${rounds.combine} (Combine) and ${rounds.extract} (Extract)`,
  );
  console.log('operation  library ms  tool ms  ratio  tool');
  row('Combine', ours.combine, tools.combine, 'qpdf --add-attachment');
  row('Extract', ours.extract, tools.extract, 'pdfdetach -savefile');
  row('Extract*', ours.extractCompressed, tools.extractCompressed, 'pdfdetach -savefile (* object streams)');
}

function row(operation: string, ours: number, tool: number, name: string): void {
  const ratio = (ours / tool).toFixed(2);
  console.log(
    `${operation.padEnd(9)}  ${ours.toFixed(1).padStart(10)}  ${tool.toFixed(1).padStart(7)}  ${ratio.padStart(5)}  ${name}`,
  );
}

async function median(rounds: number, action: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    await action();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

function tool(command: string, args: string[]): void {
  const result = spawnSync(command, args, { stdio: 'ignore' });
  if (result.error) throw new Error(`${command} is not installed (apt-get install qpdf poppler-utils)`);
  if (result.status !== 0 && result.status !== 3)
    throw new Error(`${command} failed with status ${result.status}`);
}

/** The corpus' PDF/A-3B invoice plus three pages of incompressible image data, about 4.4 MB. */
async function buildScannedInvoice(): Promise<Buffer> {
  const document = await PDFDocument.load(readCorpusFile('pdf-plain/plain_mustang_508blanko_PDFA3B.pdf'), {
    updateMetadata: false,
  });
  let seed = 0x2545f491;
  const nextByte = (): number => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return seed & 0xff;
  };
  const [width, height] = [600, 800];
  for (let page = 0; page < 3; page++) {
    const pixels = Buffer.alloc(width * height * 3);
    for (let index = 0; index < pixels.length; index++) pixels[index] = nextByte();
    const image = document.context.flateStream(deflateSync(pixels, { level: 1 }), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: height,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
    });
    const target = document.addPage([595, 842]);
    const name = target.node.newXObject('Scan', document.context.register(image));
    target.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(595, 0, 0, 842, 0, 0),
      drawObject(name),
      popGraphicsState(),
    );
  }
  return Buffer.from(await document.save({ useObjectStreams: false }));
}
