import { InvoiceProfile } from './invoice-profile';

/** The document properties that the Info dictionary and the XMP packet must state alike. */
export interface DocumentProperties {
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  creatorTool?: string;
  producer: string;
  creationDate: Date;
  modificationDate: Date;
}

export interface PdfaIdentification {
  part: 3 | 4;
  conformance?: 'A' | 'B' | 'U' | 'F';
  revision?: number;
}

const extensionProperties: Array<[name: string, description: string]> = [
  ['DocumentFileName', 'The name of the embedded XML document'],
  ['DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER'],
  ['Version', 'The actual version of the standard applying to the embedded XML document'],
  ['ConformanceLevel', 'The conformance level of the embedded XML document'],
];

/** Builds a complete XMP packet: PDF/A identification, document properties, and the invoice schema with its description. */
export function buildXmpPacket(
  properties: DocumentProperties,
  pdfa: PdfaIdentification,
  profile: InvoiceProfile,
): string {
  const { prefix, namespace } = profile.xmp;
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    description('pdfaid', 'http://www.aiim.org/pdfa/ns/id/', [
      `<pdfaid:part>${pdfa.part}</pdfaid:part>`,
      pdfa.conformance ? `<pdfaid:conformance>${pdfa.conformance}</pdfaid:conformance>` : '',
      pdfa.revision ? `<pdfaid:rev>${pdfa.revision}</pdfaid:rev>` : '',
    ]),
    description('dc', 'http://purl.org/dc/elements/1.1/', [
      '<dc:format>application/pdf</dc:format>',
      languageAlternative('dc:title', properties.title),
      properties.author
        ? `<dc:creator><rdf:Seq><rdf:li>${escapeXml(properties.author)}</rdf:li></rdf:Seq></dc:creator>`
        : '',
      languageAlternative('dc:description', properties.subject),
    ]),
    description('xmp', 'http://ns.adobe.com/xap/1.0/', [
      `<xmp:CreateDate>${xmpDate(properties.creationDate)}</xmp:CreateDate>`,
      `<xmp:ModifyDate>${xmpDate(properties.modificationDate)}</xmp:ModifyDate>`,
      `<xmp:MetadataDate>${xmpDate(properties.modificationDate)}</xmp:MetadataDate>`,
      simple('xmp:CreatorTool', properties.creatorTool),
    ]),
    description('pdf', 'http://ns.adobe.com/pdf/1.3/', [
      simple('pdf:Producer', properties.producer),
      simple('pdf:Keywords', properties.keywords),
    ]),
    extensionSchemaDescription(profile),
    description(prefix, namespace, [
      `<${prefix}:DocumentType>INVOICE</${prefix}:DocumentType>`,
      `<${prefix}:DocumentFileName>${profile.attachmentName}</${prefix}:DocumentFileName>`,
      `<${prefix}:Version>${profile.xmp.version}</${prefix}:Version>`,
      `<${prefix}:ConformanceLevel>${profile.conformanceLevel}</${prefix}:ConformanceLevel>`,
    ]),
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}

function extensionSchemaDescription(profile: InvoiceProfile): string {
  const properties = extensionProperties
    .map(
      ([name, text]) =>
        '<rdf:li rdf:parseType="Resource">' +
        `<pdfaProperty:name>${name}</pdfaProperty:name>` +
        '<pdfaProperty:valueType>Text</pdfaProperty:valueType>' +
        '<pdfaProperty:category>external</pdfaProperty:category>' +
        `<pdfaProperty:description>${text}</pdfaProperty:description>` +
        '</rdf:li>',
    )
    .join('\n');
  return [
    '<rdf:Description rdf:about=""',
    ' xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"',
    ' xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"',
    ' xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">',
    '<pdfaExtension:schemas><rdf:Bag><rdf:li rdf:parseType="Resource">',
    `<pdfaSchema:schema>${profile.xmp.name}</pdfaSchema:schema>`,
    `<pdfaSchema:namespaceURI>${profile.xmp.namespace}</pdfaSchema:namespaceURI>`,
    `<pdfaSchema:prefix>${profile.xmp.prefix}</pdfaSchema:prefix>`,
    `<pdfaSchema:property><rdf:Seq>\n${properties}\n</rdf:Seq></pdfaSchema:property>`,
    '</rdf:li></rdf:Bag></pdfaExtension:schemas>',
    '</rdf:Description>',
  ].join('\n');
}

function description(prefix: string, namespace: string, lines: string[]): string {
  const body = lines.filter((line) => line !== '').join('\n');
  return `<rdf:Description rdf:about="" xmlns:${prefix}="${namespace}">\n${body}\n</rdf:Description>`;
}

function simple(element: string, value: string | undefined): string {
  return value ? `<${element}>${escapeXml(value)}</${element}>` : '';
}

function languageAlternative(element: string, value: string | undefined): string {
  if (!value) return '';
  return `<${element}><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(value)}</rdf:li></rdf:Alt></${element}>`;
}

/** XMP dates in UTC, matching the `D:...Z` dates written to the Info dictionary. */
function xmpDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function escapeXml(value: string): string {
  return withoutControlCharacters(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** XML 1.0 allows no control characters but tab, line feed and carriage return. */
function withoutControlCharacters(value: string): string {
  return [...value].filter((character) => character >= ' ' || '\t\n\r'.includes(character)).join('');
}
