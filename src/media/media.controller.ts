import { Controller, Get, Headers, Param, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthUser } from '../auth/auth-user';
import { CurrentUser, ErpAuth } from '../auth/erp-auth.decorator';
import { AppConfig } from '../common/config/app-config';
import { ApiError } from '../common/errors/api-error';
import { publicBaseUrl } from '../common/http/public-url';
import { MediaFileQueryDto } from './dto/media-file-query.dto';
import { MediumListDto } from './dto/medium-response.dto';
import { parseMediaFileType, TYPE_HELP } from './media-file-type';
import { noneMatchFails } from '../common/http/conditional-requests';
import { MediaService } from './media.service';
import { toMediumRecord } from './medium.mapper';
import { ArticleNumberParameter, checkArticleNumber } from '../articles/article-number';
import { ApiPathParameter } from '../common/http/openapi-constraints';

/** IDKey: a whole number of up to nine digits. */
const MEDIUM_KEY = /^\d{1,9}$/;
const MAX_MEDIUM_KEY = 999_999_999;

/** RFC 6266: an ASCII fallback name and the exact UTF-8 one. */
/** Raster images are safe to show in the browser; anything else (SVG, HTML, text, PDF) could run script. */
const RASTER_IMAGE = /^image\/(png|jpeg|gif|webp|avif|bmp|tiff|x-icon)$/i;

function contentDisposition(fileName: string, contentType: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const kind = RASTER_IMAGE.test(contentType) ? 'inline' : 'attachment';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

@ApiTags('artikelmedia')
@Controller('www/artikelmedia')
@ErpAuth()
export class MediaListController {
  constructor(
    private readonly media: MediaService,
    private readonly config: AppConfig,
  ) {}

  @Get(':ArtNr')
  @ArticleNumberParameter()
  @ApiOperation({ summary: 'The media of an article (images and texts) the user may use' })
  @ApiOkResponse({ type: MediumListDto })
  @ApiNotFoundResponse({ description: 'No such article, or not released for the web shop of the user.' })
  async list(
    @Param('ArtNr') artNr: string,
    @CurrentUser() user: AuthUser,
    @Req() req: FastifyRequest,
  ): Promise<{ data: Record<string, unknown>[] }> {
    checkArticleNumber(artNr);
    const base = publicBaseUrl(req, this.config);
    const media = await this.media.list(artNr, user);
    return { data: media.map((m) => toMediumRecord(m, base, this.config.legacyListDates)) };
  }
}

@ApiTags('artikelmedia')
@Controller('www/artikelmediadaten')
@ErpAuth()
export class MediaFileController {
  constructor(private readonly media: MediaService) {}

  @Get(':IDKey')
  @ApiPathParameter('IDKey', 1, { type: 'integer', minimum: 0, maximum: MAX_MEDIUM_KEY })
  @ApiOperation({ summary: 'The image or text of a medium, with ETag and conditional GET (304)' })
  @ApiProduces('image/png', 'image/jpeg', 'text/plain')
  @ApiOkResponse({
    description:
      'The file; Content-Type from its format (Bild: the image type, Text: text/plain), Content-Length and ETag. ' +
      'Formats other than raster images are sent as attachment with Content-Security-Policy: sandbox.',
    content: {
      'image/*': { schema: { type: 'string', format: 'binary' } },
      'text/plain': { schema: { type: 'string' } },
      '*/*': { schema: { type: 'string', format: 'binary' } },
    },
  })
  @ApiResponse({ status: 304, description: 'Not modified: If-None-Match named the current ETag.' })
  @ApiBadRequestResponse({ description: `IDKey is not a number, or ${TYPE_HELP}.` })
  @ApiNotFoundResponse({ description: 'No such medium, or no content of that type for the user.' })
  async file(
    @Param('IDKey') idKey: string,
    @Query() q: MediaFileQueryDto,
    @CurrentUser() user: AuthUser,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (!MEDIUM_KEY.test(idKey))
      throw ApiError.badRequest('IDKey must be a whole number.', [
        { field: 'IDKey', message: 'IDKey must be a whole number' },
      ]);
    const type = parseMediaFileType(q.type);
    if (type === null) throw ApiError.badRequest(TYPE_HELP, [{ field: 'type', message: TYPE_HELP }]);
    const file = await this.media.file(Number(idKey), type, user);
    reply.header('ETag', file.etag).header('Cache-Control', 'private, no-cache');
    if (noneMatchFails(ifNoneMatch, file.etag)) {
      await reply.status(304).send();
      return;
    }
    await reply
      .status(200)
      .header('Content-Type', file.contentType)
      .header('Content-Length', String(file.body.length))
      .header('Content-Disposition', contentDisposition(file.fileName, file.contentType))
      .header('Content-Security-Policy', 'sandbox')
      .send(file.body);
  }
}
