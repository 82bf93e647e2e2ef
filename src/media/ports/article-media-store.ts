/** A medium's description (everything but the image bytes). */
export interface MediumInfo {
  IDKey: number;
  ArtNr: string;
  ArtGruppe: string | null;
  AMDBildFormat: string | null;
  AMDTextFormat: string | null;
  AMDVerwendung: string | null;
  AdrSprache: string | null;
  OrtLand: string | null;
  AMDDateiName: string;
  AMDText: string | null;
  Kommentar: string | null;
  Modified: Date;
  hasImage: boolean;
}

export interface MediumContent extends MediumInfo {
  AMDBild: Buffer | null;
}

/** Persistence port of the article media. */
export abstract class ArticleMediaStore {
  /** The media of one article, by IDKey. */
  abstract listByArticle(artNr: string): Promise<MediumInfo[]>;

  abstract findContent(idKey: number): Promise<MediumContent | null>;

  /** Contents of the article's usage attributes (VERWENDUNG); empty when it has none. */
  abstract articleUsages(artNr: string): Promise<string[]>;
}
