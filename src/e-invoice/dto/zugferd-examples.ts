/**
 * The example request of POST /www/zugferd in the OpenAPI document: a one-page PDF and a Factur-X
 * MINIMUM invoice XML, small enough to read in Swagger UI, that Combine turns into an e-invoice.
 */

/** A PDF of one empty A4 page, its cross-reference table with the exact byte offsets. */
function onePagePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << >> >>',
  ];
  let text = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(text.length);
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

const MINIMUM_INVOICE =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" ' +
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">' +
  '<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>' +
  '<ram:ID>urn:factur-x.eu:1p0:minimum</ram:ID>' +
  '</ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>' +
  '</rsm:CrossIndustryInvoice>\n';

export const EXAMPLE_PDF = onePagePdf().toString('base64');
export const EXAMPLE_XML = Buffer.from(MINIMUM_INVOICE, 'utf8').toString('base64');
