-- The sqlite statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- listByArticle
SELECT "m"."IDKey" AS "m_IDKey", "m"."ArtNr" AS "m_ArtNr", "m"."ArtGruppe" AS "m_ArtGruppe", "m"."AMDBildFormat" AS "m_AMDBildFormat", "m"."AMDTextFormat" AS "m_AMDTextFormat", "m"."AMDVerwendung" AS "m_AMDVerwendung", "m"."AdrSprache" AS "m_AdrSprache", "m"."OrtLand" AS "m_OrtLand", "m"."AMDDateiName" AS "m_AMDDateiName", "m"."AMDText" AS "m_AMDText", "m"."Kommentar" AS "m_Kommentar", "m"."Modified" AS "m_Modified", CASE WHEN "m"."AMDBild" IS NULL THEN 0 ELSE 1 END AS "hasImage" FROM "ArtikelMedia" "m" WHERE "m"."ArtNr" = ? ORDER BY "m_IDKey" ASC;

-- findContent
SELECT "ArticleMediaEntity"."IDKey" AS "ArticleMediaEntity_IDKey", "ArticleMediaEntity"."ArtNr" AS "ArticleMediaEntity_ArtNr", "ArticleMediaEntity"."ArtGruppe" AS "ArticleMediaEntity_ArtGruppe", "ArticleMediaEntity"."AMDBildFormat" AS "ArticleMediaEntity_AMDBildFormat", "ArticleMediaEntity"."AMDTextFormat" AS "ArticleMediaEntity_AMDTextFormat", "ArticleMediaEntity"."AMDVerwendung" AS "ArticleMediaEntity_AMDVerwendung", "ArticleMediaEntity"."AdrSprache" AS "ArticleMediaEntity_AdrSprache", "ArticleMediaEntity"."OrtLand" AS "ArticleMediaEntity_OrtLand", "ArticleMediaEntity"."AMDDateiName" AS "ArticleMediaEntity_AMDDateiName", "ArticleMediaEntity"."AMDText" AS "ArticleMediaEntity_AMDText", "ArticleMediaEntity"."Kommentar" AS "ArticleMediaEntity_Kommentar", "ArticleMediaEntity"."AMDBild" AS "ArticleMediaEntity_AMDBild", "ArticleMediaEntity"."Modified" AS "ArticleMediaEntity_Modified" FROM "ArtikelMedia" "ArticleMediaEntity" WHERE (("ArticleMediaEntity"."IDKey" = 1)) LIMIT 1;

-- articleUsages
SELECT "AttributeEntity"."Contents" AS "AttributeEntity_Contents", "AttributeEntity"."AttrID" AS "AttributeEntity_AttrID" FROM "Attribut" "AttributeEntity" WHERE (("AttributeEntity"."ObjTyp" = ?) AND ("AttributeEntity"."ObjKey" = ?) AND ("AttributeEntity"."PHKey" = ?));
