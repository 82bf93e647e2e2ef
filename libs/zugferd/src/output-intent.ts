import { existsSync, readFileSync } from 'fs';
import { join } from 'path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { ProcessingLog } from './processing-log';

const profileFileName = 'sRGB.icc';
// From the sources (libs/zugferd/src) and from the compiled output (dist/libs/zugferd/src), which tsc does not copy assets to.
const profileLocations = [
  join(__dirname, '..', 'assets'),
  join(__dirname, '..', '..', '..', '..', 'libs', 'zugferd', 'assets'),
];

let srgbProfile: Buffer | undefined;

function loadSrgbProfile(): Buffer {
  if (!srgbProfile) {
    const directory = profileLocations.find((candidate) => existsSync(join(candidate, profileFileName)));
    if (!directory)
      throw new Error(`the sRGB ICC profile ${profileFileName} is missing from libs/zugferd/assets`);
    srgbProfile = readFileSync(join(directory, profileFileName));
  }
  return srgbProfile;
}

/** PDF/A needs an output intent to give device colours a meaning; an existing PDF/A one is kept as it is. */
export function ensureOutputIntent(document: PDFDocument, log: ProcessingLog): void {
  const { context, catalog } = document;
  const intents = catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray);
  for (let index = 0; intents && index < intents.size(); index++) {
    const intent = intents.lookupMaybe(index, PDFDict);
    if (intent?.get(PDFName.of('S')) === PDFName.of('GTS_PDFA1')) return;
  }
  const profile = context.flateStream(loadSrgbProfile(), { N: 3 });
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
    Info: PDFString.of('sRGB IEC61966-2.1'),
    RegistryName: PDFString.of('http://www.color.org'),
    DestOutputProfile: context.register(profile),
  });
  const updated = intents ?? context.obj([]);
  updated.push(context.register(intent));
  catalog.set(PDFName.of('OutputIntents'), updated);
  log.step('added sRGB output intent');
}
