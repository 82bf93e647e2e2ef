import { extract, invoiceAttachmentNames } from '@app/zugferd';
import { PdfTools } from './pdf-tools';

const invoiceNames = new Set(invoiceAttachmentNames.map((name) => name.toLowerCase()));

/** The Done-when checks of a combined file: qpdf accepts it, poppler sees one invoice, and it round-trips. */
export async function expectValidEInvoice(
  tools: PdfTools,
  pdf: Uint8Array,
  attachmentName: string,
  xml: Uint8Array,
): Promise<void> {
  const path = tools.store(pdf);
  const check = tools.qpdfCheck(path);
  expect(check.output).toContain('No syntax or stream encoding errors');
  expect(check.ok).toBe(true);

  const invoices = tools.attachmentNames(path).filter((name) => invoiceNames.has(name.toLowerCase()));
  expect(invoices).toEqual([attachmentName]);
  expect(Buffer.compare(tools.attachment(path, attachmentName), Buffer.from(xml))).toBe(0);

  const extracted = await extract(pdf);
  expect(extracted.attachmentName).toBe(attachmentName);
  expect(Buffer.compare(Buffer.from(extracted.xml), Buffer.from(xml))).toBe(0);
}

/** The attachment name the standards give an invoice with this guideline ID. */
export function standardAttachmentName(guidelineId: string): string {
  if (/xrechnung/i.test(guidelineId)) return 'xrechnung.xml';
  if (guidelineId.startsWith('urn:ferd:CrossIndustryDocument')) return 'ZUGFeRD-invoice.xml';
  if (guidelineId.includes('zugferd.de:2p0')) return 'zugferd-invoice.xml';
  return 'factur-x.xml';
}
