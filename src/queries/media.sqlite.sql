-- The sqlite statements the adapters send, in the order each call sends them.
-- Written by `npm run sql:render` (src/queries/sent-sql.spec.ts); do not edit by hand.

-- listByArticle
SELECT m."IDKey" AS "IDKey", m."ArtNr" AS "ArtNr", m."ArtGruppe" AS "ArtGruppe", m."AMDBildFormat" AS "AMDBildFormat", m."AMDTextFormat" AS "AMDTextFormat", m."AMDVerwendung" AS "AMDVerwendung", m."AdrSprache" AS "AdrSprache", m."OrtLand" AS "OrtLand", m."AMDDateiName" AS "AMDDateiName", m."AMDText" AS "AMDText", m."Kommentar" AS "Kommentar", m."Modified" AS "Modified", CASE WHEN m."AMDBild" IS NULL THEN 0 ELSE 1 END AS "hasImage" FROM "ArtikelMedia" m WHERE m."ArtNr" = ? ORDER BY m."IDKey";

-- findContent
SELECT m."IDKey" AS "IDKey", m."ArtNr" AS "ArtNr", m."ArtGruppe" AS "ArtGruppe", m."AMDBildFormat" AS "AMDBildFormat", m."AMDTextFormat" AS "AMDTextFormat", m."AMDVerwendung" AS "AMDVerwendung", m."AdrSprache" AS "AdrSprache", m."OrtLand" AS "OrtLand", m."AMDDateiName" AS "AMDDateiName", m."AMDText" AS "AMDText", m."Kommentar" AS "Kommentar", m."AMDBild" AS "AMDBild", m."Modified" AS "Modified" FROM "ArtikelMedia" m WHERE m."IDKey" = ?;

-- articleUsages
SELECT w."Contents" AS "Contents" FROM "Attribut" w
WHERE w."ObjTyp" = 'ART' AND w."ObjKey" = ? AND w."PHKey" = ?;
