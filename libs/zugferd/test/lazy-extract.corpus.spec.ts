import { execFileSync } from 'child_process';
import { createHash } from 'crypto';
import { readFileSync } from 'fs';
import { readExistingXmp } from '@app/zugferd/existing-metadata';
import { extractLazily } from '@app/zugferd/lazy-extract';
import { openLazily } from '@app/zugferd/lazy-reader/lazy-pdf';
import { readCorpusFile, readManifest } from './corpus';
import { extractByFullParse } from './full-parse';
import { PdfTools } from './pdf-tools';

const manifest = readManifest();
const withInvoice = manifest.filter((entry) => entry.kind === 'pdf-with-xml');
const plain = manifest.filter((entry) => entry.kind === 'pdf-plain');
const objectHeavyFile = 'pdf-plain/plain_pdflib_linearized_with_object_streams.pdf';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

jest.setTimeout(60_000);

describe('Extract reads the corpus lazily', () => {
  const tools = new PdfTools();
  afterAll(() => tools.remove());

  it.each(withInvoice.map((entry) => [entry.file, entry] as const))(
    '%s: the lazy path is taken and yields what the full parse yields',
    async (file, entry) => {
      const pdf = readCorpusFile(file);

      const lazy = extractLazily(pdf);
      const full = await extractByFullParse(pdf);

      expect(lazy).toBeDefined();
      expect(entry.sha256EmbeddedXml).toContain(sha256(lazy?.xml ?? new Uint8Array()));
      expect(Buffer.compare(Buffer.from(lazy?.xml ?? []), Buffer.from(full.xml))).toBe(0);
      expect(lazy?.invoice.name).toBe(full.invoice.name);
      expect(lazy?.steps).toEqual(full.steps);
    },
  );

  it.each(withInvoice.map((entry) => [entry.file] as const))(
    '%s rewritten by qpdf with object streams and linearized is read lazily too',
    async (file) => {
      const source = tools.store(readCorpusFile(file));
      const rewritten = `${source}.objstm.pdf`;
      runQpdf(['--linearize', '--object-streams=generate', source, rewritten]);
      const pdf = readFileSync(rewritten);

      const lazy = extractLazily(pdf);
      const full = await extractByFullParse(pdf);

      expect(lazy).toBeDefined();
      expect(Buffer.compare(Buffer.from(lazy?.xml ?? []), Buffer.from(full.xml))).toBe(0);
      expect(lazy?.steps).toEqual(full.steps);
    },
  );

  it.each(plain.map((entry) => [entry.file] as const))(
    '%s (no invoice, encrypted or broken) is left to the full parse',
    (file) => {
      expect(extractLazily(readCorpusFile(file))).toBeUndefined();
    },
  );

  it('reads the page tree and XMP of the 85,000-object file through its xref streams and object streams', () => {
    const pdf = readCorpusFile(objectHeavyFile);
    const info = execFileSync('pdfinfo', [tools.store(pdf)], { encoding: 'utf8' });

    const lazy = openLazily(pdf);

    expect(`Pages: ${lazy.pageCount}`).toBe(/^Pages:.*$/m.exec(info)?.[0].replace(/\s+/g, ' '));
    expect(readExistingXmp(lazy).title).toBe(/^Title:\s+(.*)$/m.exec(info)?.[1]);
  });
});

/** qpdf exits with 3 when it only warns, which some corpus files make it do. */
function runQpdf(args: string[]): void {
  try {
    execFileSync('qpdf', args, { stdio: 'ignore' });
  } catch (error) {
    if ((error as { status?: number }).status !== 3) throw error;
  }
}
