import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ArticleCatalogue, MAIN_LANGUAGE } from './ports/article-catalogue';

/** How long the languages of the article texts are reused; a newer read runs in the background. */
const LANGUAGES_MS = 60_000;

/**
 * The output languages the list knows: the main one and every language of ArtikelText. Any other
 * code would give the main language's descriptions anyway (each text falls back to ArtBez), so it
 * is answered as the main language, with its ordering, instead of sorting the catalogue afresh
 * for every code a client makes up. Read at start and again at most once a minute.
 */
@Injectable()
export class ArticleLanguages implements OnApplicationBootstrap {
  private readonly logger = new Logger('ArticleLanguages');
  private known: { languages: Set<string>; at: number } | null = null;
  private reading: Promise<Set<string>> | null = null;

  constructor(private readonly catalogue: ArticleCatalogue) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.languages().catch(() => undefined);
  }

  /** `language` (in lower case) when articles have texts in it, else the main language. */
  async outputLanguage(language: string): Promise<string> {
    if (language === MAIN_LANGUAGE) return language;
    return (await this.languages()).has(language) ? language : MAIN_LANGUAGE;
  }

  private languages(): Promise<Set<string>> {
    if (this.known !== null && Date.now() - this.known.at < LANGUAGES_MS)
      return Promise.resolve(this.known.languages);
    this.reading ??= this.catalogue
      .textLanguages()
      .then((list) => (this.known = { languages: new Set(list), at: Date.now() }).languages)
      .finally(() => (this.reading = null));
    if (this.known === null) return this.reading;
    // A failed refresh keeps the languages read before.
    this.reading.catch((e: unknown) =>
      this.logger.warn(`reading the article languages failed: ${String(e)}`),
    );
    return Promise.resolve(this.known.languages);
  }
}
