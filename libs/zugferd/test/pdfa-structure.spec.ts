import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFStream,
  PDFString,
} from '@cantoo/pdf-lib';
import { combine, extract } from '@app/zugferd';
import { readCorpusFile } from './corpus';
import { PdfTools } from './pdf-tools';

const modificationDate = new Date('2025-03-01T10:00:00Z');
const einfachXml = readCorpusFile('xml-cii/EN16931_Einfach.cii.xml');

async function inspect(pdf: Uint8Array) {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const { context, catalog } = document;
  const text = (value: unknown) =>
    value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;
  const metadata = context.lookup(catalog.get(PDFName.of('Metadata')));
  const xmp =
    metadata instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(metadata).decode()).toString() : '';
  const tree = catalog.lookup(PDFName.of('Names'), PDFDict).lookup(PDFName.of('EmbeddedFiles'), PDFDict);
  const names = tree.lookup(PDFName.of('Names'), PDFArray);
  const keys = names
    .asArray()
    .filter((_, index) => index % 2 === 0)
    .map(text);
  const associated = catalog.lookup(PDFName.of('AF'), PDFArray);
  const fileSpecs = associated.asArray().map((item) => context.lookup(item, PDFDict));
  const intents = catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray)?.asArray() ?? [];
  const info = context.lookup(context.trailerInfo.Info, PDFDict);
  return { context, xmp, tree, keys, fileSpecs, intents, info, text };
}

describe('structure of a combined e-invoice', () => {
  it('embeds the XML as a PDF/A-3 associated file with MIME type, params and relationship', async () => {
    const { pdf } = await combine(readCorpusFile('pdf-plain/plain_mustang_505_PDF14.pdf'), einfachXml, {
      modificationDate,
    });
    const { context, fileSpecs, text } = await inspect(pdf);

    expect(fileSpecs).toHaveLength(1);
    const [fileSpec] = fileSpecs;
    expect(text(fileSpec.get(PDFName.of('F')))).toBe('factur-x.xml');
    expect(text(fileSpec.get(PDFName.of('UF')))).toBe('factur-x.xml');
    expect(fileSpec.get(PDFName.of('AFRelationship'))).toBe(PDFName.of('Alternative'));
    const stream = context.lookup(fileSpec.lookup(PDFName.of('EF'), PDFDict).get(PDFName.of('F')), PDFStream);
    expect(stream.dict.get(PDFName.of('Type'))).toBe(PDFName.of('EmbeddedFile'));
    expect(stream.dict.get(PDFName.of('Subtype'))).toBe(PDFName.of('text/xml'));
    const params = stream.dict.lookup(PDFName.of('Params'), PDFDict);
    expect(params.get(PDFName.of('Size'))?.toString()).toBe(String(einfachXml.length));
    expect(text(params.get(PDFName.of('ModDate')))).toBe('D:20250301100000Z');
  });

  it('writes XMP with pdfaid, the extension schema and the Factur-X values, matching the Info dictionary', async () => {
    const { pdf } = await combine(readCorpusFile('pdf-plain/plain_mustang_505_PDF14.pdf'), einfachXml, {
      modificationDate,
      producer: 'Test Producer',
    });
    const { xmp, info, text } = await inspect(pdf);

    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(xmp).toContain(
      '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
    );
    for (const property of ['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel']) {
      expect(xmp).toContain(`<pdfaProperty:name>${property}</pdfaProperty:name>`);
    }
    expect(xmp).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(xmp).toContain('<fx:Version>1.0</fx:Version>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    expect(xmp).toContain('<xmp:ModifyDate>2025-03-01T10:00:00Z</xmp:ModifyDate>');
    expect(text(info.get(PDFName.of('ModDate')))).toBe('D:20250301100000Z');
    expect(text(info.get(PDFName.of('Producer')))).toBe('Test Producer');
    expect(xmp).toContain('<pdf:Producer>Test Producer</pdf:Producer>');
    const title = text(info.get(PDFName.of('Title')));
    if (title) expect(xmp).toContain(`<rdf:li xml:lang="x-default">${title}</rdf:li>`);
  });

  it('uses the Data relationship for BASIC WL', async () => {
    const input = readCorpusFile('pdf-with-xml/fx_fnfe_Facture_FR_BASICWL.pdf');
    const { xml } = await extract(input);
    const { pdf } = await combine(input, xml, { modificationDate });
    const { fileSpecs, xmp } = await inspect(pdf);

    expect(fileSpecs[0].get(PDFName.of('AFRelationship'))).toBe(PDFName.of('Data'));
    expect(xmp).toContain('<fx:ConformanceLevel>BASIC WL</fx:ConformanceLevel>');
  });

  it('adds one sRGB output intent when there is none and keeps an existing one', async () => {
    const withoutIntent = await combine(readCorpusFile('pdf-plain/plain_mustang_505_PDF14.pdf'), einfachXml);
    const withIntent = await combine(
      readCorpusFile('pdf-plain/plain_mustang_508blanko_PDFA3B.pdf'),
      einfachXml,
    );

    const added = await inspect(withoutIntent.pdf);
    expect(added.intents).toHaveLength(1);
    const intent = added.context.lookup(added.intents[0], PDFDict);
    expect(intent.get(PDFName.of('S'))).toBe(PDFName.of('GTS_PDFA1'));
    expect(added.text(intent.get(PDFName.of('OutputConditionIdentifier')))).toBe('sRGB IEC61966-2.1');
    expect(
      intent.lookup(PDFName.of('DestOutputProfile'), PDFStream).dict.get(PDFName.of('N'))?.toString(),
    ).toBe('3');
    expect((await inspect(withIntent.pdf)).intents).toHaveLength(1);
  });

  it('turns a /Kids name tree into one sorted leaf without losing the other attachments', async () => {
    const kids = readCorpusFile('pdf-with-xml/zf1_pdflib_zugferd_invoice_KIDS_objstm.pdf');
    const twoFiles = readCorpusFile('pdf-with-xml/zf1_4s4u_additional-data-sample-1.pdf');

    const fromKids = await inspect((await combine(kids, (await extract(kids)).xml)).pdf);
    const fromTwo = await inspect((await combine(twoFiles, (await extract(twoFiles)).xml)).pdf);

    expect(fromKids.tree.has(PDFName.of('Kids'))).toBe(false);
    expect(fromKids.keys).toEqual(['ZUGFeRD-invoice.xml']);
    expect(fromTwo.keys).toEqual(['ZUGFeRD-invoice.xml', 'additional_data-logistics-invoice-1.0-unique.xml']);
  });

  it('replaces both invoices of a file that carries a ZUGFeRD 1 and a Factur-X XML by one', async () => {
    const input = readCorpusFile('pdf-with-xml/zf1and2_mustang_RE-20171118_506_FAILVALIDATION.pdf');

    const { keys, fileSpecs } = await inspect((await combine(input, einfachXml)).pdf);

    expect(keys).toEqual(['factur-x.xml']);
    expect(fileSpecs).toHaveLength(1);
  });

  it('opens a PDF protected by an owner password only and writes it unencrypted', async () => {
    const tools = new PdfTools();
    try {
      const source = tools.store(readCorpusFile('pdf-plain/plain_mustang_508blanko_PDFA3B.pdf'));
      const protectedPath = `${source}.protected.pdf`;
      execFileSync('qpdf', ['--encrypt', '', 'owner-secret', '256', '--', source, protectedPath]);

      const { pdf, steps } = await combine(readFileSync(protectedPath), einfachXml);

      expect(steps.join('\n')).toContain('owner-password protection removed');
      const output = tools.store(pdf);
      expect(execFileSync('qpdf', ['--show-encryption', output], { encoding: 'utf8' })).toContain(
        'not encrypted',
      );
      expect(tools.qpdfCheck(output).ok).toBe(true);
    } finally {
      tools.remove();
    }
  });

  it('keeps PDF/A-4 files at part 4 with conformance F', async () => {
    const input = readCorpusFile('pdf-with-xml/fx_pdfa4_EXTENDED_Fremdwaehrung.pdf');

    const { xmp } = await inspect((await combine(input, (await extract(input)).xml)).pdf);

    expect(xmp).toContain('<pdfaid:part>4</pdfaid:part>');
    expect(xmp).toContain('<pdfaid:rev>2020</pdfaid:rev>');
  });
});
