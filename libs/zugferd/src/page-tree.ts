import { PDFArray, PDFName, PDFPageLeaf, PDFPageTree, PDFRef } from '@cantoo/pdf-lib';
import { PdfObjects } from './pdf-objects';

/** More nodes than any invoice has; the walk stops there instead of following a crafted tree. */
const MAX_PAGE_TREE_NODES = 100_000;

/**
 * Counts the page leaves. The library's own walk follows every reference it meets, so a tree
 * whose nodes each list the next node twice doubles the work per level, and a node that lists an
 * ancestor never ends. This walk visits each node once, refuses a node listed twice, and stops at
 * MAX_PAGE_TREE_NODES. Once it has passed, the library's walk over the same tree is linear too.
 */
export function countPageLeaves(objects: PdfObjects): number {
  // A file too damaged to have a catalog has no pages either.
  const catalog = objects.catalog as PdfObjects['catalog'] | undefined;
  if (catalog === undefined) return 0;
  const seen = new Set<PDFRef>();
  const pending = [catalog.get(PDFName.of('Pages'))];
  let nodes = 0;
  let pages = 0;
  while (pending.length > 0) {
    const entry = pending.pop();
    if (entry instanceof PDFRef) {
      if (seen.has(entry))
        throw new Error(
          `the PDF is damaged: its page tree lists object ${entry.objectNumber} more than once`,
        );
      seen.add(entry);
    }
    if (++nodes > MAX_PAGE_TREE_NODES)
      throw new Error(`the PDF is refused: its page tree has more than ${MAX_PAGE_TREE_NODES} nodes`);
    const node = objects.context.lookup(entry);
    if (node instanceof PDFPageLeaf) pages++;
    else if (node instanceof PDFPageTree) {
      const kids = node.lookup(PDFName.of('Kids'));
      if (!(kids instanceof PDFArray)) continue;
      if (nodes + pending.length + kids.size() > MAX_PAGE_TREE_NODES)
        throw new Error(`the PDF is refused: its page tree has more than ${MAX_PAGE_TREE_NODES} nodes`);
      for (const kid of kids.asArray()) pending.push(kid);
    }
  }
  return pages;
}
