import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { ArticleVisibility } from '../articles/article-visibility';
import { AuthUser } from '../auth/auth-user';
import { ApiError } from '../common/errors/api-error';
import { MediaFileType, imageMatches, imageMimeType, textMatches, textMimeType } from './media-file-type';
import { usageAllows } from './media-usage';
import { ArticleMediaStore, MediumInfo } from './ports/article-media-store';

interface MediaFile {
  body: Buffer;
  contentType: string;
  etag: string;
  fileName: string;
}

@Injectable()
export class MediaService {
  constructor(
    private readonly store: ArticleMediaStore,
    private readonly visibility: ArticleVisibility,
  ) {}

  /** The media of an article the user may use; 404 when the article is unknown or not released for them. */
  async list(artNr: string, user: AuthUser): Promise<MediumInfo[]> {
    if (!(await this.visibility.isVisible(artNr, user.webshop)))
      throw ApiError.notFound(`Article ${artNr} does not exist or is not released for you.`);
    const [media, articleUsages] = await Promise.all([
      this.store.listByArticle(artNr),
      this.store.articleUsages(artNr),
    ]);
    return media.filter((m) => usageAllows(user.usage, m.AMDVerwendung, articleUsages));
  }

  /** The image or text of a medium; 404 for any reason the user cannot have it, so nothing leaks. */
  async file(idKey: number, type: MediaFileType, user: AuthUser): Promise<MediaFile> {
    const absent = () =>
      ApiError.notFound(`Medium ${idKey} has no content of type ${describe(type)} for you.`);
    const medium = await this.store.findContent(idKey);
    if (!medium) throw ApiError.notFound(`Medium ${idKey} does not exist.`);
    const [visible, articleUsages] = await Promise.all([
      this.visibility.isVisible(medium.ArtNr, user.webshop),
      this.store.articleUsages(medium.ArtNr),
    ]);
    if (!visible || !usageAllows(user.usage, medium.AMDVerwendung, articleUsages))
      throw ApiError.notFound(`Medium ${idKey} does not exist.`);

    const image = medium.AMDBild;
    const text = medium.AMDText;
    const imageWanted =
      type.kind === 'Bild' ||
      (type.kind === 'format' && imageMatches(type.name, medium.AMDBildFormat, medium.AMDDateiName));
    if (image && imageWanted)
      return withEtag(image, imageMimeType(medium.AMDBildFormat, medium.AMDDateiName), medium.AMDDateiName);
    const textWanted =
      type.kind === 'Text' ||
      (type.kind === 'format' && textMatches(type.name, medium.AMDTextFormat, medium.AMDDateiName));
    if (text !== null && textWanted) {
      const mime = type.kind === 'Text' ? 'text/plain' : textMimeType(medium.AMDTextFormat);
      return withEtag(Buffer.from(text, 'utf8'), `${mime}; charset=utf-8`, medium.AMDDateiName);
    }
    throw absent();
  }
}

function describe(type: MediaFileType): string {
  return type.kind === 'format' ? type.name : type.kind;
}

function withEtag(body: Buffer, contentType: string, fileName: string): MediaFile {
  const hash = createHash('sha256').update(contentType).update('\u0000').update(body).digest('base64url');
  return { body, contentType, etag: `"${hash.slice(0, 32)}"`, fileName };
}
