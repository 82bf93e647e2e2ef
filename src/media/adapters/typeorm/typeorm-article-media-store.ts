import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ArticleMediaEntity, AttributeEntity, readTimestamp } from '@app/erp-db';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../../common/config/app-config';
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
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {
    super();
  }

  private infoQuery() {
    const qb = this.dataSource.getRepository(ArticleMediaEntity).createQueryBuilder('m');
    qb.select(INFO_COLUMNS.map((c) => `m.${c}`)).addSelect(
      'CASE WHEN m.AMDBild IS NULL THEN 0 ELSE 1 END',
      'hasImage',
    );
    return qb;
  }

  async listByArticle(artNr: string): Promise<MediumInfo[]> {
    const rows = await this.infoQuery()
      .where('m.ArtNr = :artNr', { artNr })
      .orderBy('m.IDKey')
      .getRawMany<Record<string, unknown>>();
    return rows.map((r) => toInfo(unprefixed(r)));
  }

  async findContent(idKey: number): Promise<MediumContent | null> {
    const medium = await this.dataSource.getRepository(ArticleMediaEntity).findOneBy({ IDKey: idKey });
    if (!medium) return null;
    return { ...medium, AMDBild: medium.AMDBild ?? null, hasImage: medium.AMDBild !== null };
  }

  async articleUsages(artNr: string): Promise<string[]> {
    const rows = await this.dataSource.getRepository(AttributeEntity).find({
      select: { Contents: true },
      where: { ObjTyp: 'ART', ObjKey: artNr, PHKey: this.config.attributeUsage },
    });
    return rows.map((r) => r.Contents ?? '');
  }
}

/** getRawMany names columns `m_IDKey`; the computed column keeps its alias. */
function unprefixed(row: Record<string, unknown>): InfoRow {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k.startsWith('m_') ? k.slice(2) : k] = v;
  return out as InfoRow;
}
