/** One entry of the postal-code directory (PLZVerzeichnis). */
export interface PostalCode {
  OrtLand: string;
  OrtPLZ: string;
  OrtName: string;
}

export interface PostalImportResult {
  inserted: number;
  unchanged: number;
  deleted: number;
}

/** Port: the postal-code directory in the ERP database. */
export abstract class PostalDirectory {
  /** The towns recorded for a postal code of a country (a code can have several). */
  abstract townsFor(country: string, postalCode: string): Promise<string[]>;

  /**
   * Loads entries in one transaction: adds the missing ones; with `replaceCountries` the
   * countries present in `entries` are emptied first, so the file becomes their directory.
   */
  abstract load(entries: PostalCode[], replaceCountries: boolean): Promise<PostalImportResult>;
}
