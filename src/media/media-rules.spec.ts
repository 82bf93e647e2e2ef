import {
  imageMatches,
  imageMimeType,
  parseMediaFileType,
  textMatches,
  textMimeType,
} from './media-file-type';
import { usageAllows } from './media-usage';

describe('media rules', () => {
  it('type: Bild and Text as spelled, format names in any case, anything else unknown', () => {
    expect(parseMediaFileType('Bild')).toEqual({ kind: 'Bild' });
    expect(parseMediaFileType('Text')).toEqual({ kind: 'Text' });
    expect(parseMediaFileType('PNG')).toEqual({ kind: 'format', name: 'png' });
    expect(parseMediaFileType('image/webp')).toEqual({ kind: 'format', name: 'image/webp' });
    for (const bad of ['bild', 'TEXT', '', 'exe', '../etc', 'video/mp4'])
      expect(parseMediaFileType(bad)).toBeNull();
  });

  it('MIME types and format matching', () => {
    expect(imageMimeType('image/png', 'x.png')).toBe('image/png');
    expect(imageMimeType('JPG', 'x')).toBe('image/jpeg');
    expect(imageMimeType(null, 'photo.webp')).toBe('image/webp');
    expect(imageMimeType('raw', 'x.raw')).toBe('application/octet-stream');
    expect(textMimeType('html')).toBe('text/html');
    expect(textMimeType(null)).toBe('text/plain');
    expect(imageMatches('jpeg', 'image/jpeg', 'a.jpg')).toBe(true);
    expect(imageMatches('jpg', 'image/jpeg', 'a.bin')).toBe(true);
    expect(imageMatches('png', 'image/jpeg', 'a.jpg')).toBe(false);
    expect(textMatches('text/plain', 'txt', 'a.txt')).toBe(true);
    expect(textMatches('html', 'txt', 'a.txt')).toBe(false);
  });

  it('VERWENDUNG: no user usage sees all; medium and article lists must name it when present', () => {
    expect(usageAllows(null, 'PRINT', ['KATALOG'])).toBe(true);
    expect(usageAllows('WEB', null, [])).toBe(true);
    expect(usageAllows('WEB', 'web', [])).toBe(true);
    expect(usageAllows('WEB', 'PRINT, WEB', [])).toBe(true);
    expect(usageAllows('WEB', 'PRINT', [])).toBe(false);
    expect(usageAllows('WEB', null, ['PRINT,KATALOG'])).toBe(false);
    expect(usageAllows('WEB', null, ['PRINT', ' web '])).toBe(true);
  });
});
