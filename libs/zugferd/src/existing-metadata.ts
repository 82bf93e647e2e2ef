import { PDFName, PDFRawStream, decodePDFRawStream } from '@cantoo/pdf-lib';
import { PdfObjects } from './pdf-objects';

/** What the input's XMP packet says, read leniently: producers write elements or attributes. */
export interface ExistingXmp {
  pdfaPart?: number;
  pdfaConformance?: string;
  title?: string;
  author?: string;
  subject?: string;
  keywords?: string;
  creatorTool?: string;
  producer?: string;
  createDate?: Date;
  documentFileName?: string;
}

export function readExistingXmp(document: PdfObjects): ExistingXmp {
  const text = readXmpText(document);
  if (!text) return {};
  const part = Number(simpleValue(text, 'pdfaid:part'));
  const createDate = new Date(simpleValue(text, 'xmp:CreateDate') ?? '');
  return {
    pdfaPart: Number.isInteger(part) && part > 0 ? part : undefined,
    pdfaConformance: simpleValue(text, 'pdfaid:conformance')?.trim().toUpperCase(),
    title: firstListItem(text, 'dc:title'),
    author: firstListItem(text, 'dc:creator'),
    subject: firstListItem(text, 'dc:description'),
    keywords: simpleValue(text, 'pdf:Keywords'),
    creatorTool: simpleValue(text, 'xmp:CreatorTool'),
    producer: simpleValue(text, 'pdf:Producer'),
    createDate: Number.isNaN(createDate.getTime()) ? undefined : createDate,
    documentFileName: simpleValue(text, '[A-Za-z]+:DocumentFileName'),
  };
}

function readXmpText(document: PdfObjects): string | undefined {
  const stream = document.context.lookup(document.catalog.get(PDFName.of('Metadata')));
  if (!(stream instanceof PDFRawStream)) return undefined;
  try {
    return Buffer.from(decodePDFRawStream(stream).decode()).toString('utf8');
  } catch {
    return undefined;
  }
}

function simpleValue(text: string, qualifiedName: string): string | undefined {
  const match = new RegExp(`<${qualifiedName}>([^<]*)<|${qualifiedName}="([^"]*)"`).exec(text);
  const value = match ? (match[1] ?? match[2]) : undefined;
  return value ? unescapeXml(value) : undefined;
}

function firstListItem(text: string, qualifiedName: string): string | undefined {
  const match = new RegExp(`<${qualifiedName}>[\\s\\S]*?<rdf:li[^>]*>([^<]*)</rdf:li>`).exec(text);
  return match?.[1] ? unescapeXml(match[1]) : undefined;
}

function unescapeXml(value: string): string {
  return value
    .replace(/&#x([0-9a-fA-F]+);/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(parseInt(decimal, 10)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}
