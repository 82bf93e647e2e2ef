import { createHash } from 'crypto';
import { readFileSync } from 'fs';
import { join } from 'path';
import { extract } from '@app/zugferd';
import { corpusDirectory, readManifest } from './corpus';
import { extractByFullParse } from './full-parse';
import { PdfTools } from './pdf-tools';

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The layouts qpdf writes: QDF keeps every stream's /Length as an indirect object after the stream. */
const layouts: Record<string, string[]> = {
  'QDF, no object streams': ['--qdf', '--object-streams=disable'],
  'QDF with object streams': ['--qdf', '--object-streams=preserve'],
  'uncompressed streams': ['--stream-data=uncompress', '--object-streams=disable'],
};

const invoices = readManifest().filter((entry) => entry.kind === 'pdf-with-xml');

describe('extract from the layouts qpdf writes', () => {
  const tools = new PdfTools();
  afterAll(() => tools.remove());

  describe.each(Object.entries(layouts))('%s', (_layout, options) => {
    it.each(invoices.map((entry) => [entry.file, entry] as const))(
      '%s yields the embedded XML byte for byte, lazily and by the full parse',
      async (_file, entry) => {
        const rewritten = readFileSync(tools.qpdfRewrite(join(corpusDirectory, entry.file), options));

        const result = await extract(rewritten);
        const full = await extractByFullParse(rewritten);

        expect(entry.sha256EmbeddedXml).toContain(sha256(result.xml));
        expect(sha256(full.xml)).toBe(sha256(result.xml));
      },
    );
  });

  it('falls back to scanning for endstream when the indirect /Length is wrong', async () => {
    const file = 'pdf-with-xml/fx_mustang_RE-20201121_508.pdf';
    const rewritten = readFileSync(
      tools.qpdfRewrite(join(corpusDirectory, file), layouts['QDF, no object streams']),
    );
    const original = (await extract(rewritten)).xml;
    const lengthObject = rewritten.toString('latin1').match(/\/Type \/EmbeddedFile\s+\/Length (\d+) 0 R/);
    expect(lengthObject).not.toBeNull();
    const declared = `\n${lengthObject![1]} 0 obj\n${original.length}\nendobj`;
    const at = rewritten.indexOf(declared, 0, 'latin1');
    expect(at).toBeGreaterThan(0);
    // Same number of digits, so the cross-reference offsets stay right.
    const broken = Buffer.concat([
      rewritten.subarray(0, at),
      Buffer.from(
        declared.replace(`\n${original.length}\n`, `\n${'1'.repeat(String(original.length).length)}\n`),
        'latin1',
      ),
      rewritten.subarray(at + declared.length),
    ]);

    const result = await extract(broken);

    expect(Buffer.from(result.xml)).toEqual(Buffer.from(original).subarray(0, original.length - 1));
  });
});
