import {
  PDFArray,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFObject,
  PDFRef,
  PDFString,
} from '@cantoo/pdf-lib';
import { PdfObjects } from './pdf-objects';

type NameTreeKey = PDFString | PDFHexString;

/** One entry of the catalog's EmbeddedFiles name tree. */
interface EmbeddedFileEntry {
  key: NameTreeKey;
  fileSpec: PDFObject;
}

/** The entries of the EmbeddedFiles tree and the indirect nodes it was made of. */
interface EmbeddedFilesTree {
  entries: EmbeddedFileEntry[];
  nodeRefs: PDFRef[];
}

// Real trees are one or two levels deep; the limit only stops hostile or looping files.
const maxTreeDepth = 32;

export function readEmbeddedFiles(document: PdfObjects): EmbeddedFilesTree {
  const tree: EmbeddedFilesTree = { entries: [], nodeRefs: [] };
  const names = document.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const root = names?.get(PDFName.of('EmbeddedFiles'));
  collectNode(document.context, root, 0, new Set(), tree);
  return tree;
}

function collectNode(
  context: PDFContext,
  node: PDFObject | undefined,
  depth: number,
  visited: Set<PDFDict>,
  tree: EmbeddedFilesTree,
): void {
  if (node instanceof PDFRef) tree.nodeRefs.push(node);
  const dict = node ? context.lookupMaybe(node, PDFDict) : undefined;
  if (!dict || visited.has(dict) || depth > maxTreeDepth) return;
  visited.add(dict);
  const pairs = dict.lookupMaybe(PDFName.of('Names'), PDFArray);
  for (let index = 0; pairs && index + 1 < pairs.size(); index += 2) {
    const key = context.lookup(pairs.get(index));
    if (key instanceof PDFString || key instanceof PDFHexString) {
      tree.entries.push({ key, fileSpec: pairs.get(index + 1) });
    }
  }
  const kids = dict.lookupMaybe(PDFName.of('Kids'), PDFArray);
  for (let index = 0; kids && index < kids.size(); index++) {
    collectNode(context, kids.get(index), depth + 1, visited, tree);
  }
}

/** Replaces the EmbeddedFiles tree by one flat leaf whose keys are in the byte order the name tree requires. */
export function writeEmbeddedFiles(document: PDFDocument, entries: EmbeddedFileEntry[]): void {
  const { context, catalog } = document;
  let names = catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  if (!names) {
    names = context.obj({});
    catalog.set(PDFName.of('Names'), context.register(names));
  }
  if (entries.length === 0) {
    names.delete(PDFName.of('EmbeddedFiles'));
    return;
  }
  const sorted = [...entries].sort((a, b) => Buffer.compare(a.key.asBytes(), b.key.asBytes()));
  const pairs = context.obj([]);
  for (const entry of sorted) {
    pairs.push(entry.key);
    pairs.push(entry.fileSpec);
  }
  names.set(PDFName.of('EmbeddedFiles'), context.register(context.obj({ Names: pairs })));
}

/** The file names an entry is known by: its tree key, `/UF` and `/F`. */
export function entryFileNames(context: PDFContext, entry: EmbeddedFileEntry): string[] {
  const fileSpec = context.lookupMaybe(entry.fileSpec, PDFDict);
  return [entry.key.decodeText(), ...(fileSpec ? fileSpecNames(fileSpec) : [])];
}

/** The `/UF` and `/F` names of a file specification. */
export function fileSpecNames(fileSpec: PDFDict): string[] {
  return ['UF', 'F']
    .map((field) => fileSpec.lookupMaybe(PDFName.of(field), PDFString, PDFHexString)?.decodeText())
    .filter((name): name is string => name !== undefined);
}
