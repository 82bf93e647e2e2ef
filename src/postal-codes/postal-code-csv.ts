import { isISO31661Alpha2 } from 'class-validator';
import { PostalCode } from './ports/postal-directory';

/** Column lengths of PLZVerzeichnis. */
const MAX = { OrtLand: 4, OrtPLZ: 10, OrtName: 48 } as const;
const COLUMNS = ['OrtLand', 'OrtPLZ', 'OrtName'] as const;

interface ParsedPostalCodes {
  entries: PostalCode[];
  /** Line-numbered problems; when there is any, nothing should be loaded. */
  errors: string[];
}

/** Splits one CSV line; quoted fields may contain the delimiter and "" for a quote. */
function splitLine(line: string, delimiter: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        current += '"';
        i++;
      } else if (c === '"') quoted = false;
      else current += c;
    } else if (c === '"' && current.trim() === '') {
      quoted = true;
      current = '';
    } else if (c === delimiter) {
      fields.push(current);
      current = '';
    } else current += c;
  }
  fields.push(current);
  return fields.map((f) => f.trim());
}

/**
 * Reads a postal-code directory: a header line naming the columns OrtLand, OrtPLZ and OrtName
 * (any order, any case, further columns ignored), separated by `;`, `,` or a tab, one entry
 * per line. Entries repeated in the file count once.
 */
export function parsePostalCodeCsv(text: string): ParsedPostalCodes {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const headerIndex = lines.findIndex((l) => l.trim() !== '');
  if (headerIndex < 0) return { entries: [], errors: ['The file is empty.'] };
  const header = lines[headerIndex];
  const delimiter = [';', '\t', ','].find((d) => header.includes(d)) ?? ';';
  const names = splitLine(header, delimiter).map((h) => h.toLowerCase());
  const index = Object.fromEntries(COLUMNS.map((c) => [c, names.indexOf(c.toLowerCase())])) as Record<
    (typeof COLUMNS)[number],
    number
  >;
  const missing = COLUMNS.filter((c) => index[c] < 0);
  if (missing.length > 0) {
    return {
      entries: [],
      errors: [
        `Line ${headerIndex + 1}: the header must name the columns ${COLUMNS.join(', ')} (missing: ${missing.join(', ')}).`,
      ],
    };
  }
  const entries = new Map<string, PostalCode>();
  const errors: string[] = [];
  for (let i = headerIndex + 1; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    const fields = splitLine(lines[i], delimiter);
    const entry: PostalCode = {
      OrtLand: (fields[index.OrtLand] ?? '').toUpperCase(),
      OrtPLZ: fields[index.OrtPLZ] ?? '',
      OrtName: fields[index.OrtName] ?? '',
    };
    const problems = COLUMNS.flatMap((c) =>
      entry[c] === ''
        ? [`${c} is empty`]
        : entry[c].length > MAX[c]
          ? [`${c} is longer than ${MAX[c]} characters`]
          : [],
    );
    if (entry.OrtLand !== '' && !isISO31661Alpha2(entry.OrtLand)) {
      problems.push(`OrtLand "${entry.OrtLand}" is not an ISO 3166-1 alpha-2 country code`);
    }
    if (problems.length > 0) errors.push(`Line ${i + 1}: ${problems.join('; ')}.`);
    else entries.set(`${entry.OrtLand}\u0000${entry.OrtPLZ}\u0000${entry.OrtName}`, entry);
  }
  return { entries: [...entries.values()], errors };
}
