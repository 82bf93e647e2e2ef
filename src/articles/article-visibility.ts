import { Injectable } from '@nestjs/common';
import { ArticleCatalogue, MAIN_LANGUAGE } from './ports/article-catalogue';
import { userWebshop } from '../auth/auth-user';

/** Whether an article exists and the web shop of a user may see it (RESTWEBSHOP), whatever its status. */
@Injectable()
export class ArticleVisibility {
  constructor(private readonly catalogue: ArticleCatalogue) {}

  async isVisible(artNr: string, webshop: string | null): Promise<boolean> {
    const filter = {
      language: MAIN_LANGUAGE,
      webshop: userWebshop(webshop),
      activeOnly: false,
      modifiedSince: null,
      artNr,
    };
    return (await this.catalogue.count(filter)) > 0;
  }

  /** The numbers among these that the user may order: active and released for its web shop. */
  async orderable(artNrs: string[], webshop: string | null): Promise<Set<string>> {
    if (artNrs.length === 0) return new Set();
    const rows = await this.catalogue.rowsByNumbers(artNrs, {
      language: MAIN_LANGUAGE,
      webshop: userWebshop(webshop),
      activeOnly: true,
      modifiedSince: null,
    });
    return new Set(rows.map((row) => row.ArtNr));
  }
}
