import { combine, extract, ZugferdError } from '@app/zugferd';
import { listCorpusFolder, readCorpusFile, readManifest } from './corpus';
import { expectValidEInvoice, standardAttachmentName } from './e-invoice-checks';
import { PdfTools } from './pdf-tools';

const manifest = readManifest();
const plain = manifest.filter((entry) => entry.kind === 'pdf-plain');
const ciiXml = manifest.filter((entry) => entry.kind === 'xml-cii');
const withInvoice = manifest.filter((entry) => entry.kind === 'pdf-with-xml');
const idealPdf = readCorpusFile('pdf-plain/plain_mustang_508blanko_PDFA3B.pdf');
const einfachXml = readCorpusFile('xml-cii/EN16931_Einfach.cii.xml');
const modificationDate = new Date('2025-03-01T10:00:00Z');
const encrypted = /encrypted/;

jest.setTimeout(60_000);

describe('combine over the corpus', () => {
  const tools = new PdfTools();
  afterAll(() => tools.remove());

  it('covers every CII XML of the corpus', () => {
    expect(ciiXml.map((entry) => entry.file).sort()).toEqual(listCorpusFolder('xml-cii'));
  });

  it.each(plain.filter((entry) => !encrypted.test(entry.file)).map((entry) => [entry.file] as const))(
    'embeds a CII invoice into %s',
    async (file) => {
      const result = await combine(readCorpusFile(file), einfachXml, { modificationDate });

      await expectValidEInvoice(tools, result.pdf, 'factur-x.xml', einfachXml);
    },
  );

  it.each(plain.filter((entry) => encrypted.test(entry.file)).map((entry) => [entry.file] as const))(
    'refuses the password-protected %s',
    async (file) => {
      const failure = await combine(readCorpusFile(file), einfachXml).catch((error: unknown) => error);

      expect(failure).toBeInstanceOf(ZugferdError);
      expect((failure as ZugferdError).reason).toMatch(/encrypted and needs a password/);
    },
  );

  it.each(ciiXml.map((entry) => [entry.file, entry.guideline] as const))(
    'embeds %s under its standard name',
    async (file, guideline) => {
      const xml = readCorpusFile(file);

      const result = await combine(idealPdf, xml, { modificationDate });

      await expectValidEInvoice(tools, result.pdf, standardAttachmentName(guideline), xml);
    },
  );

  const wellFormedInvoices = withInvoice.filter((entry) =>
    /^urn:(cen|ferd|factur|zugferd)/.test(entry.guideline),
  );

  it.each(wellFormedInvoices.map((entry) => [entry.file, entry] as const))(
    'replaces the invoice of %s by its own XML, stably',
    async (file, entry) => {
      const input = readCorpusFile(file);
      const { xml } = await extract(input);

      const once = await combine(input, xml, { modificationDate });
      const twice = await combine(once.pdf, xml, { modificationDate });

      const attachmentName = standardAttachmentName(entry.guideline.split(';').pop() ?? '');
      await expectValidEInvoice(tools, once.pdf, attachmentName, xml);
      await expectValidEInvoice(tools, twice.pdf, attachmentName, xml);
      // Replaced, not accumulated: a second pass leaves the file the size it was.
      expect(Math.abs(twice.pdf.length - once.pdf.length)).toBeLessThan(1024);
    },
  );

  it('refuses to embed the Order-X XML of the corpus', async () => {
    const input = readCorpusFile('pdf-with-xml/orderx_EX01_COMFORT_NOTINVOICE.pdf');
    const { xml } = await extract(input);

    const failure = await combine(input, xml).catch((error: unknown) => error);

    expect((failure as ZugferdError).reason).toMatch(/Order-X/);
  });

  it('refuses the embedded XML that is not well-formed', async () => {
    const input = readCorpusFile('pdf-with-xml/fx_mustang_invalid-xml-encoding-attr_FAILVALIDATION.pdf');
    const { xml } = await extract(input);

    const failure = await combine(input, xml).catch((error: unknown) => error);

    expect((failure as ZugferdError).reason).toMatch(/not well-formed/);
  });
});
