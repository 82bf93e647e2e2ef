import { isoUtc, legacyListDate } from '../common/http/dates';
import { Link, link } from '../common/http/public-url';
import { MediumInfo } from './ports/article-media-store';

/** The medium record of the interface; links to the image and/or text and to the article. */
export function toMediumRecord(
  m: MediumInfo,
  baseUrl: string,
  legacyDates: boolean,
): Record<string, unknown> {
  const links: Link[] = [];
  if (m.hasImage)
    links.push(link(baseUrl, `/www/artikelmediadaten/${m.IDKey}?type=Bild`, 'artikelmediadaten/'));
  if (m.AMDText !== null)
    links.push(link(baseUrl, `/www/artikelmediadaten/${m.IDKey}?type=Text`, 'artikelmediadaten/'));
  links.push(link(baseUrl, `/www/artikel/${encodeURIComponent(m.ArtNr)}`, 'artikel/'));
  return {
    IDKey: m.IDKey,
    AMDBildFormat: m.AMDBildFormat,
    AMDTextFormat: m.AMDTextFormat,
    AMDVerwendung: m.AMDVerwendung,
    AdrSprache: m.AdrSprache,
    OrtLand: m.OrtLand,
    Modified_UTC: legacyDates ? legacyListDate(m.Modified) : isoUtc(m.Modified),
    ArtGruppe: m.ArtGruppe,
    ArtNr: m.ArtNr,
    AMDDateiName: m.AMDDateiName,
    AMDText: m.AMDText,
    Kommentar: m.Kommentar,
    links,
  };
}
