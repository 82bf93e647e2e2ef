import { readdirSync, readFileSync } from 'fs';
import { join, resolve } from 'path';

/** One line of the e-invoice corpus MANIFEST.tsv. */
export interface CorpusFile {
  file: string;
  kind: 'pdf-with-xml' | 'pdf-plain' | 'xml-cii' | 'xml-ubl';
  expectedAttachmentNames: string[];
  sha256EmbeddedXml: string[];
  guideline: string;
}

/** The corpus is part of the repository (sources and licences in corpus/README.md). */
export const corpusDirectory = resolve(__dirname, 'corpus');

export function readManifest(): CorpusFile[] {
  const [, ...lines] = readFileSync(join(corpusDirectory, 'MANIFEST.tsv'), 'utf8').trimEnd().split('\n');
  return lines.map((line) => {
    const [file, , , kind, expected, sha256, , guideline] = line.split('\t');
    return {
      file,
      kind: kind as CorpusFile['kind'],
      expectedAttachmentNames: expected.startsWith('(') || expected === 'n/a' ? [] : expected.split(';'),
      sha256EmbeddedXml: sha256 ? sha256.split(';') : [],
      guideline,
    };
  });
}

export function readCorpusFile(file: string): Buffer {
  return readFileSync(join(corpusDirectory, file));
}

/** The files of one corpus folder, as paths relative to the corpus like the manifest's. */
export function listCorpusFolder(kind: CorpusFile['kind']): string[] {
  return readdirSync(join(corpusDirectory, kind))
    .map((name) => `${kind}/${name}`)
    .sort();
}
