import { combine, extract, ZugferdError } from '@app/zugferd';
import { readCorpusFile } from './corpus';

const idealPdf = readCorpusFile('pdf-plain/plain_mustang_508blanko_PDFA3B.pdf');

async function failureOf(run: Promise<unknown>): Promise<ZugferdError> {
  const outcome = await run.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(ZugferdError);
  return outcome as ZugferdError;
}

describe('broken inputs', () => {
  it.each([
    ['an empty file', Buffer.alloc(0), /not a PDF/],
    ['a text file', Buffer.from('hello, this is not a PDF'), /not a PDF/],
    ['a PDF cut after its header', idealPdf.subarray(0, 400), /damaged|no page/],
    [
      'a PDF header followed by noise',
      Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5000, 0x41)]),
      /damaged|no page/,
    ],
    ['a password-protected PDF', readCorpusFile('pdf-plain/plain_pdflib_encrypted_new.pdf'), /encrypted/],
  ])('Extract refuses %s', async (_name, pdf, reason) => {
    const failure = await failureOf(extract(pdf));

    expect(failure.reason).toMatch(reason);
    expect(failure.steps[failure.steps.length - 1]).toMatch(/^failed: /);
  });

  it.each([
    ['an empty XML', Buffer.alloc(0), /not XML/],
    ['a PDF as XML', idealPdf, /not XML/],
    ['unclosed elements', Buffer.from('<rsm:CrossIndustryInvoice><a>'), /not well-formed/],
    ['a UBL invoice', readCorpusFile('xml-ubl/EN16931_Einfach.ubl.xml'), /UBL Invoice/],
    ['a UBL credit note with BOM', readCorpusFile('xml-ubl/ubl-tc434-creditnote1.xml'), /UBL CreditNote/],
  ])('Combine refuses %s', async (_name, xml, reason) => {
    const failure = await failureOf(combine(idealPdf, xml));

    expect(failure.reason).toMatch(reason);
    expect(failure.message).toBe(failure.reason);
  });

  it('checks the XML before it reads the PDF', async () => {
    const failure = await failureOf(combine(Buffer.from('not a pdf'), Buffer.from('not xml')));

    expect(failure.reason).toMatch(/XML input is not XML/);
  });

  it('never puts file contents into the steps', async () => {
    const failure = await failureOf(combine(idealPdf, Buffer.from('<Invoice>SECRET-CONTENT</Invoice>')));

    expect(failure.steps.join('\n')).not.toContain('SECRET-CONTENT');
  });
});
