import { ApiError } from '../common/errors/api-error';
import { ApiPathParameter, WITHOUT_NUL } from '../common/http/openapi-constraints';

/** ArtNr is char(15): at most 15 characters, counted as characters (code points), not UTF-16 units. */
const ARTICLE_NUMBER_LENGTH = 15;

/** The path parameter ArtNr in the document. */
export const ArticleNumberParameter = () =>
  ApiPathParameter('ArtNr', '1001', {
    type: 'string',
    minLength: 1,
    maxLength: ARTICLE_NUMBER_LENGTH,
    pattern: WITHOUT_NUL,
  });

/** A path's ArtNr longer than the column is a 400 naming it. */
export function checkArticleNumber(artNr: string): void {
  if ([...artNr].length > ARTICLE_NUMBER_LENGTH)
    throw ApiError.badRequest(`ArtNr is longer than ${ARTICLE_NUMBER_LENGTH} characters.`, [
      { field: 'ArtNr', message: `ArtNr must be at most ${ARTICLE_NUMBER_LENGTH} characters` },
    ]);
}
