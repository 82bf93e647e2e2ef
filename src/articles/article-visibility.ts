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
    return (await this.catalogue.orderedNumbers(filter, [])).length > 0;
  }
}
