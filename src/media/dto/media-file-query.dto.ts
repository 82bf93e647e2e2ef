import { ApiProperty } from '@nestjs/swagger';
import { Validate, ValidatorConstraint, ValidatorConstraintInterface } from 'class-validator';
import { documentConstraint } from '../../common/http/openapi-constraints';
import { MEDIA_FILE_TYPE_PATTERN, parseMediaFileType, TYPE_HELP } from '../media-file-type';

@ValidatorConstraint({ name: 'mediaFileType' })
class MediaFileTypeConstraint implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && parseMediaFileType(value) !== null;
  }
  defaultMessage(): string {
    return TYPE_HELP;
  }
}

documentConstraint('mediaFileType', { type: 'string', pattern: MEDIA_FILE_TYPE_PATTERN });

/** GET /www/artikelmediadaten/{IDKey}?type= */
export class MediaFileQueryDto {
  @ApiProperty({ example: 'Bild', description: 'Bild, Text or a format name (file extension or MIME type)' })
  @Validate(MediaFileTypeConstraint)
  type!: string;
}
