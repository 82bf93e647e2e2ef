import { combine, extract, ZugferdError } from '@app/zugferd';
import { readCorpusFile } from './corpus';
import { hostilePdfs } from './hostile-pdfs';

const xml = readCorpusFile('xml-cii/EN16931_Einfach.cii.xml');

async function outcome(run: Promise<unknown>, success: string): Promise<string> {
  return run.then(
    () => success,
    (error: unknown) =>
      error instanceof ZugferdError ? error.reason : `not a ZugferdError: ${String(error)}`,
  );
}

describe('hostile PDFs', () => {
  describe.each(hostilePdfs().map((hostile) => [hostile.name, hostile] as const))('%s', (_name, hostile) => {
    it(`Extract: ${String(hostile.extract)}`, async () => {
      expect(await outcome(extract(hostile.pdf), 'extracted')).toMatch(hostile.extract);
    });

    it(`Combine: ${String(hostile.combine)}`, async () => {
      expect(await outcome(combine(hostile.pdf, xml), 'combined')).toMatch(hostile.combine);
    });
  });
});
