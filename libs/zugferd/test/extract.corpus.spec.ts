import { createHash } from 'crypto';
import { extract, ZugferdError } from '@app/zugferd';
import { listCorpusFolder, readCorpusFile, readManifest } from './corpus';

const manifest = readManifest();
const withInvoice = manifest.filter((entry) => entry.kind === 'pdf-with-xml');
const plain = manifest.filter((entry) => entry.kind === 'pdf-plain');

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

describe('extract over the corpus', () => {
  it('covers every PDF of the corpus', () => {
    expect(withInvoice.map((entry) => entry.file).sort()).toEqual(listCorpusFolder('pdf-with-xml'));
    expect(plain.map((entry) => entry.file).sort()).toEqual(listCorpusFolder('pdf-plain'));
  });

  it.each(withInvoice.map((entry) => [entry.file, entry] as const))(
    '%s yields the XML listed in the manifest',
    async (_file, entry) => {
      const result = await extract(readCorpusFile(entry.file));

      expect(entry.sha256EmbeddedXml).toContain(sha256(result.xml));
      expect(entry.expectedAttachmentNames).toContain(result.attachmentName);
      expect(result.contentType).toBe('application/xml');
    },
  );

  it('prefers the Factur-X XML of a file that carries a ZUGFeRD 1 and a Factur-X invoice', async () => {
    const result = await extract(
      readCorpusFile('pdf-with-xml/zf1and2_mustang_RE-20171118_506_FAILVALIDATION.pdf'),
    );

    expect(result.attachmentName).toBe('factur-x.xml');
  });

  it.each(plain.map((entry) => [entry.file] as const))(
    '%s is refused with a reason and the steps',
    async (file) => {
      const failure = await extract(readCorpusFile(file)).catch((error: unknown) => error);

      expect(failure).toBeInstanceOf(ZugferdError);
      const { reason, steps } = failure as ZugferdError;
      expect(reason).toMatch(/no invoice XML|encrypted|damaged/);
      expect(steps[steps.length - 1]).toMatch(/^failed: /);
    },
  );
});
