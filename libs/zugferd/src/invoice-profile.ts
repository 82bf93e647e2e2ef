import { InvoiceXmlFacts } from './invoice-xml';

export type InvoiceStandard = 'ZUGFeRD 1.0' | 'ZUGFeRD 2.0' | 'Factur-X' | 'XRechnung';
export type ConformanceLevel =
  'MINIMUM' | 'BASIC WL' | 'BASIC' | 'COMFORT' | 'EN 16931' | 'EXTENDED' | 'XRECHNUNG';
export type AttachmentRelationship = 'Data' | 'Alternative';

/** The XMP schema in which the standard describes the embedded invoice. */
interface InvoiceXmpSchema {
  name: string;
  namespace: string;
  prefix: string;
  version: string;
}

/** Everything Combine derives from the invoice XML: attachment name, relationship and XMP values. */
export interface InvoiceProfile {
  standard: InvoiceStandard;
  conformanceLevel: ConformanceLevel;
  guidelineId: string;
  attachmentName: string;
  relationship: AttachmentRelationship;
  xmp: InvoiceXmpSchema;
}

export const invoiceAttachmentNames = [
  'factur-x.xml',
  'xrechnung.xml',
  'zugferd-invoice.xml',
  'ZUGFeRD-invoice.xml',
] as const;

const facturXSchema: Omit<InvoiceXmpSchema, 'version'> = {
  name: 'Factur-X PDFA Extension Schema',
  namespace: 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#',
  prefix: 'fx',
};
const zugferd2Schema: Omit<InvoiceXmpSchema, 'version'> = {
  name: 'ZUGFeRD PDFA Extension Schema',
  namespace: 'urn:zugferd:pdfa:CrossIndustryDocument:invoice:2p0#',
  prefix: 'fx',
};
const zugferd1Schema: Omit<InvoiceXmpSchema, 'version'> = {
  name: 'ZUGFeRD PDFA Extension Schema',
  namespace: 'urn:ferd:pdfa:CrossIndustryDocument:invoice:1p0#',
  prefix: 'zf',
};

/**
 * Maps root element and guideline ID to the standard. Old producers separate the guideline parts
 * with ':' instead of '#' (`urn:cen.eu:en16931:2017:compliant:factur-x.eu:1p0:basic`), so the
 * profile is read from the last segment rather than by exact comparison.
 */
export function determineInvoiceProfile(facts: InvoiceXmlFacts): InvoiceProfile {
  const { rootElement } = facts;
  const guidelineId = facts.guidelineId ?? '';
  if (rootElement === 'Invoice' || rootElement === 'CreditNote') {
    throw new Error(
      `the XML is a UBL ${rootElement}; ZUGFeRD and Factur-X embed UN/CEFACT CII XML only (send UBL invoices as XML)`,
    );
  }
  if (/order-x/i.test(guidelineId) || rootElement === 'SCRDMCCBDACIOMessageStructure') {
    throw new Error('the XML is an Order-X order, not an invoice; Factur-X embeds invoices only');
  }
  if (rootElement === 'CrossIndustryDocument') return zugferd1Profile(guidelineId);
  if (rootElement === 'CrossIndustryInvoice') return crossIndustryInvoiceProfile(guidelineId);
  throw new Error(
    `the XML root element is ${rootElement}; expected CrossIndustryInvoice (ZUGFeRD 2, Factur-X, XRechnung) or CrossIndustryDocument (ZUGFeRD 1.0)`,
  );
}

function zugferd1Profile(guidelineId: string): InvoiceProfile {
  const level = lastSegmentLevel(guidelineId);
  if (level !== 'BASIC' && level !== 'COMFORT' && level !== 'EXTENDED') {
    throw new Error(`unknown ZUGFeRD 1.0 guideline ID "${guidelineId}"`);
  }
  return {
    standard: 'ZUGFeRD 1.0',
    conformanceLevel: level,
    guidelineId,
    attachmentName: 'ZUGFeRD-invoice.xml',
    relationship: 'Alternative',
    xmp: { ...zugferd1Schema, version: '1.0' },
  };
}

function crossIndustryInvoiceProfile(guidelineId: string): InvoiceProfile {
  const xrechnung = /xrechnung_(\d+\.\d+)/i.exec(guidelineId);
  if (/xrechnung/i.test(guidelineId)) {
    return {
      standard: 'XRechnung',
      conformanceLevel: 'XRECHNUNG',
      guidelineId,
      attachmentName: 'xrechnung.xml',
      relationship: 'Alternative',
      // As the FeRD samples do: fx:Version carries the XRechnung version for this profile.
      xmp: { ...facturXSchema, version: xrechnung ? xrechnung[1] : '1.0' },
    };
  }
  const level = lastSegmentLevel(guidelineId);
  if (!level || level === 'COMFORT') {
    throw new Error(
      guidelineId
        ? `unknown guideline ID "${guidelineId}" in ExchangedDocumentContext`
        : 'the XML has no GuidelineSpecifiedDocumentContextParameter/ID, so its profile is unknown',
    );
  }
  const zugferd2 = /zugferd\.de:2p0/i.test(guidelineId);
  return {
    standard: zugferd2 ? 'ZUGFeRD 2.0' : 'Factur-X',
    conformanceLevel: level,
    guidelineId,
    attachmentName: zugferd2 ? 'zugferd-invoice.xml' : 'factur-x.xml',
    relationship: level === 'MINIMUM' || level === 'BASIC WL' ? 'Data' : 'Alternative',
    xmp: { ...(zugferd2 ? zugferd2Schema : facturXSchema), version: '1.0' },
  };
}

function lastSegmentLevel(guidelineId: string): ConformanceLevel | undefined {
  const id = guidelineId.toLowerCase();
  const segment = id.split(/[:#]/).pop();
  switch (segment) {
    case 'minimum':
      return 'MINIMUM';
    case 'basicwl':
      return 'BASIC WL';
    case 'basic':
      return 'BASIC';
    case 'comfort':
      return 'COMFORT';
    case 'extended':
      return 'EXTENDED';
  }
  return id.startsWith('urn:cen.eu:en16931:2017') ? 'EN 16931' : undefined;
}
