import { anyCase, BLANK } from '../common/http/openapi-constraints';

/** What `type` of GET /www/artikelmediadaten asks for: the image, the text, or content in one format. */
export type MediaFileType = { kind: 'Bild' } | { kind: 'Text' } | { kind: 'format'; name: string };

// Maps, not object literals: a client-chosen name such as "constructor" must find nothing.
const IMAGE_TYPES = new Map<string, string>([
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
  ['svg', 'image/svg+xml'],
  ['bmp', 'image/bmp'],
  ['tif', 'image/tiff'],
  ['tiff', 'image/tiff'],
  ['ico', 'image/x-icon'],
  ['avif', 'image/avif'],
  ['pdf', 'application/pdf'],
]);

const TEXT_TYPES = new Map<string, string>([
  ['txt', 'text/plain'],
  ['html', 'text/html'],
  ['htm', 'text/html'],
  ['xml', 'application/xml'],
  ['csv', 'text/csv'],
  ['md', 'text/markdown'],
  ['rtf', 'application/rtf'],
  ['json', 'application/json'],
]);

const MIME_NAME = /^(image|text|application)\/[a-z0-9.+-]{1,60}$/;

/** What parseMediaFileType accepts: Bild, Text, or a format name or MIME type in any case with blanks around. */
export const MEDIA_FILE_TYPE_PATTERN = `^(?:Bild|Text|${BLANK}*(?:${[
  ...IMAGE_TYPES.keys(),
  ...TEXT_TYPES.keys(),
]
  .map(anyCase)
  .join(
    '|',
  )}|(?:${['image', 'text', 'application'].map(anyCase).join('|')})/[A-Za-z0-9.+-]{1,60})${BLANK}*)$`;

export const TYPE_HELP = 'type must be Bild, Text or a format name such as png, jpg, txt or image/png';

/** Bild and Text as the interface spells them; format names (extensions or MIME types) in any case. */
export function parseMediaFileType(raw: string): MediaFileType | null {
  if (raw === 'Bild' || raw === 'Text') return { kind: raw };
  const name = raw.trim().toLowerCase();
  if (IMAGE_TYPES.has(name) || TEXT_TYPES.has(name) || MIME_NAME.test(name)) return { kind: 'format', name };
  return null;
}

function extension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot === -1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The MIME type of a stored image format ('image/png' as it is, 'png' looked up). */
export function imageMimeType(format: string | null, fileName: string): string {
  const f = (format ?? '').trim().toLowerCase();
  if (f.includes('/')) return f;
  return IMAGE_TYPES.get(f) ?? IMAGE_TYPES.get(extension(fileName)) ?? 'application/octet-stream';
}

export function textMimeType(format: string | null): string {
  const f = (format ?? '').trim().toLowerCase();
  return f.includes('/') ? f : (TEXT_TYPES.get(f) ?? 'text/plain');
}

/** Whether a requested format name denotes the stored image. */
export function imageMatches(name: string, format: string | null, fileName: string): boolean {
  const mime = imageMimeType(format, fileName);
  return (
    name === mime ||
    name === (format ?? '').trim().toLowerCase() ||
    IMAGE_TYPES.get(name) === mime ||
    name === extension(fileName)
  );
}

/** Whether a requested format name denotes the stored text. */
export function textMatches(name: string, format: string | null, fileName: string): boolean {
  const mime = textMimeType(format);
  return (
    name === mime ||
    name === (format ?? '').trim().toLowerCase() ||
    TEXT_TYPES.get(name) === mime ||
    name === extension(fileName)
  );
}
