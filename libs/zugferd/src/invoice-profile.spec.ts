import { determineInvoiceProfile } from './invoice-profile';

const cii = (guidelineId?: string) => ({ rootElement: 'CrossIndustryInvoice', guidelineId });

describe('determineInvoiceProfile', () => {
  it.each([
    ['urn:factur-x.eu:1p0:minimum', 'Factur-X', 'MINIMUM', 'factur-x.xml', 'Data'],
    ['urn:factur-x.eu:1p0:basicwl', 'Factur-X', 'BASIC WL', 'factur-x.xml', 'Data'],
    [
      'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic',
      'Factur-X',
      'BASIC',
      'factur-x.xml',
      'Alternative',
    ],
    [
      'urn:cen.eu:en16931:2017:compliant:factur-x.eu:1p0:basic',
      'Factur-X',
      'BASIC',
      'factur-x.xml',
      'Alternative',
    ],
    ['urn:cen.eu:en16931:2017', 'Factur-X', 'EN 16931', 'factur-x.xml', 'Alternative'],
    [
      'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended',
      'Factur-X',
      'EXTENDED',
      'factur-x.xml',
      'Alternative',
    ],
    [
      'urn:cen.eu:en16931:2017:compliant:factur-x.eu:1p0:extended',
      'Factur-X',
      'EXTENDED',
      'factur-x.xml',
      'Alternative',
    ],
    ['urn:zugferd.de:2p0:minimum', 'ZUGFeRD 2.0', 'MINIMUM', 'zugferd-invoice.xml', 'Data'],
    [
      'urn:cen.eu:en16931:2017#conformant#urn:zugferd.de:2p0:extended',
      'ZUGFeRD 2.0',
      'EXTENDED',
      'zugferd-invoice.xml',
      'Alternative',
    ],
    [
      'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
      'XRechnung',
      'XRECHNUNG',
      'xrechnung.xml',
      'Alternative',
    ],
    [
      'urn:cen.eu:en16931:2017#compliant#urn:xoev-de:kosit:standard:xrechnung_1.2',
      'XRechnung',
      'XRECHNUNG',
      'xrechnung.xml',
      'Alternative',
    ],
  ])('maps %s to %s %s', (guidelineId, standard, level, attachmentName, relationship) => {
    const profile = determineInvoiceProfile(cii(guidelineId));

    expect(profile).toMatchObject({ standard, conformanceLevel: level, attachmentName, relationship });
  });

  it('puts the XRechnung version into fx:Version', () => {
    expect(
      determineInvoiceProfile(cii('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0'))
        .xmp.version,
    ).toBe('3.0');
  });

  it.each([
    ['urn:ferd:CrossIndustryDocument:invoice:1p0:basic', 'BASIC'],
    ['urn:ferd:CrossIndustryDocument:invoice:1p0:comfort', 'COMFORT'],
    ['urn:ferd:CrossIndustryDocument:invoice:1p0:extended', 'EXTENDED'],
  ])('reads ZUGFeRD 1.0 %s', (guidelineId, level) => {
    const profile = determineInvoiceProfile({ rootElement: 'CrossIndustryDocument', guidelineId });

    expect(profile).toMatchObject({
      standard: 'ZUGFeRD 1.0',
      conformanceLevel: level,
      attachmentName: 'ZUGFeRD-invoice.xml',
    });
    expect(profile.xmp).toMatchObject({
      prefix: 'zf',
      namespace: 'urn:ferd:pdfa:CrossIndustryDocument:invoice:1p0#',
    });
  });

  it.each([
    [{ rootElement: 'Invoice', guidelineId: 'urn:cen.eu:en16931:2017' }, /UBL Invoice/],
    [{ rootElement: 'CreditNote', guidelineId: undefined }, /UBL CreditNote/],
    [{ rootElement: 'SCRDMCCBDACIOMessageStructure', guidelineId: 'urn:order-x.eu:1p0:comfort' }, /Order-X/],
    [{ rootElement: 'Catalog', guidelineId: undefined }, /root element is Catalog/],
    [cii(undefined), /no GuidelineSpecifiedDocumentContextParameter/],
    [cii('urn:example:unknown'), /unknown guideline ID/],
  ])('refuses %j', (facts, reason) => {
    expect(() => determineInvoiceProfile(facts)).toThrow(reason);
  });
});
