import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** What Combine needs to know about an invoice XML: its root element and guideline ID. */
export interface InvoiceXmlFacts {
  rootElement: string;
  guidelineId: string | undefined;
}

type XmlNode = Record<string, unknown>;

// XML 1.0 production for the declaration; parsers that skip it accept names such as "UTF-8-W/O-BOM".
const xmlDeclaration =
  /^<\?xml\s+version\s*=\s*(["'])1\.\d+\1(\s+encoding\s*=\s*(["'])[A-Za-z][\w.-]*\3)?(\s+standalone\s*=\s*(["'])(yes|no)\5)?\s*\?>/;

const contextElements = ['ExchangedDocumentContext', 'SpecifiedExchangedDocumentContext'];

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // The trade transaction holds the bulk of a large invoice (lines, Base64 attachments) and is not needed.
  stopNodes: ['*.SupplyChainTradeTransaction', '*.SpecifiedSupplyChainTradeTransaction'],
});

/** Decodes the XML bytes by their byte order mark; without one, UTF-8 as XML prescribes. */
function decodeXmlText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

/** Reads root element and guideline ID; throws an Error whose message says why the bytes are not usable XML. */
export function readInvoiceXmlFacts(bytes: Uint8Array): InvoiceXmlFacts {
  const text = decodeXmlText(bytes).replace(/^\uFEFF/, '');
  if (!text.trimStart().startsWith('<')) {
    throw new Error('the XML input is not XML (it does not start with "<")');
  }
  if (/^<\?xml\s/.test(text) && !xmlDeclaration.test(text)) {
    throw new Error('the XML input is not well-formed: its XML declaration is malformed');
  }
  const validation = XMLValidator.validate(text);
  if (validation !== true) {
    const { msg, line, col } = validation.err;
    throw new Error(`the XML input is not well-formed: ${msg} (line ${line}, column ${col})`);
  }
  const document = parser.parse(text) as XmlNode;
  const rootElement = Object.keys(document).find((key) => !key.startsWith('?') && !key.startsWith('#'));
  if (!rootElement) throw new Error('the XML input has no root element');
  return { rootElement, guidelineId: findGuidelineId(document[rootElement]) };
}

function findGuidelineId(root: unknown): string | undefined {
  for (const contextName of contextElements) {
    const context = child(root, contextName);
    const id = child(child(context, 'GuidelineSpecifiedDocumentContextParameter'), 'ID');
    const text = textOf(id);
    if (text) return text.trim();
  }
  return undefined;
}

function child(node: unknown, name: string): unknown {
  const value = isNode(node) ? node[name] : undefined;
  return Array.isArray(value) ? value[0] : value;
}

function textOf(node: unknown): string | undefined {
  if (typeof node === 'string') return node;
  if (isNode(node) && typeof node['#text'] === 'string') return node['#text'];
  return undefined;
}

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
