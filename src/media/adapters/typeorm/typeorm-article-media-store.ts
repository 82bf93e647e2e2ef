import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ArticleMediaEntity, readTimestamp } from '@app/erp-db';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../common/config/app-config';
import { asEntity, entityColumns, queryNamed } from '../../../database/sql-gateway';
import { ArticleMediaStore, MediumContent, MediumInfo } from '../../ports/article-media-store';

const INFO_COLUMNS = [
  'IDKey',
  'ArtNr',
  'ArtGruppe',
  'AMDBildFormat',
  'AMDTextFormat',
  'AMDVerwendung',
  'AdrSprache',
  'OrtLand',
  'AMDDateiName',
  'AMDText',
  'Kommentar',
  'Modified',
] as const;

const LIST_SQL =
  `SELECT ${INFO_COLUMNS.map((c) => `m."${c}" AS "${c}"`).join(', ')}, ` +
  `CASE WHEN m."AMDBild" IS NULL THEN 0 ELSE 1 END AS "hasImage" ` +
  `FROM "ArtikelMedia" m WHERE m."ArtNr" = :artNr ORDER BY m."IDKey"`;

const USAGES_SQL = `SELECT w."Contents" AS "Contents" FROM "Attribut" w
WHERE w."ObjTyp" = 'ART' AND w."ObjKey" = :artNr AND w."PHKey" = :usage`;

type InfoRow = Record<(typeof INFO_COLUMNS)[number], unknown> & { hasImage: unknown };

function toInfo(r: InfoRow): MediumInfo {
  return {
    IDKey: Number(r.IDKey),
    ArtNr: r.ArtNr as string,
    ArtGruppe: (r.ArtGruppe as string | null) ?? null,
    AMDBildFormat: (r.AMDBildFormat as string | null) ?? null,
    AMDTextFormat: (r.AMDTextFormat as string | null) ?? null,
    AMDVerwendung: (r.AMDVerwendung as string | null) ?? null,
    AdrSprache: (r.AdrSprache as string | null) ?? null,
    OrtLand: (r.OrtLand as string | null) ?? null,
    AMDDateiName: r.AMDDateiName as string,
    AMDText: (r.AMDText as string | null) ?? null,
    Kommentar: (r.Kommentar as string | null) ?? null,
    Modified: readTimestamp(r.Modified) as Date,
    hasImage: Number(r.hasImage) === 1,
  };
}

@Injectable()
export class TypeOrmArticleMediaStore extends ArticleMediaStore {
  private readonly contentSql: string;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {
    super();
    this.contentSql = `SELECT ${entityColumns(dataSource, ArticleMediaEntity, 'm')} FROM "ArtikelMedia" m WHERE m."IDKey" = :idKey`;
  }

  async listByArticle(artNr: string): Promise<MediumInfo[]> {
    const rows = await queryNamed<InfoRow>(this.dataSource, LIST_SQL, { artNr });
    return rows.map(toInfo);
  }

  async findContent(idKey: number): Promise<MediumContent | null> {
    const [row] = await queryNamed<Record<string, unknown>>(this.dataSource, this.contentSql, { idKey });
    if (!row) return null;
    const medium = asEntity(this.dataSource, ArticleMediaEntity, row);
    return { ...medium, AMDBild: medium.AMDBild ?? null, hasImage: medium.AMDBild !== null };
  }

  async articleUsages(artNr: string): Promise<string[]> {
    const rows = await queryNamed<{ Contents: string | null }>(this.dataSource, USAGES_SQL, {
      artNr,
      usage: this.config.attributeUsage,
    });
    return rows.map((r) => r.Contents ?? '');
  }
}
