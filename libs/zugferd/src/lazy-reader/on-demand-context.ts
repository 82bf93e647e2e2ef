import { PDFContext, PDFObject, PDFRef } from '@cantoo/pdf-lib';

type LookupKey = PDFObject | undefined;
type Lookup = (key: LookupKey, ...types: unknown[]) => PDFObject | undefined;

/**
 * A pdf-lib context whose indirect objects are read from the file the first time they are looked up.
 * pdf-lib has no hook for this, so the instance's two lookup methods (through which every PDFDict and
 * PDFArray lookup goes) load the object first; the code that walks the objects stays pdf-lib's and ours.
 */
export function createOnDemandContext(
  readObject: (ref: PDFRef, context: PDFContext) => PDFObject,
): PDFContext {
  const context = PDFContext.create();
  const requested = new Set<PDFRef>();
  const load = (key: LookupKey): void => {
    if (!(key instanceof PDFRef) || requested.has(key)) return;
    requested.add(key);
    context.assign(key, readObject(key, context));
  };
  const lookup = context.lookup.bind(context) as Lookup;
  const lookupMaybe = context.lookupMaybe.bind(context) as Lookup;
  context.lookup = ((key: LookupKey, ...types: unknown[]) => {
    load(key);
    return lookup(key, ...types);
  }) as PDFContext['lookup'];
  context.lookupMaybe = ((key: LookupKey, ...types: unknown[]) => {
    load(key);
    return lookupMaybe(key, ...types);
  }) as PDFContext['lookupMaybe'];
  return context;
}
