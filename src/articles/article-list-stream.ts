import { Logger } from '@nestjs/common';
import { Readable } from 'node:stream';
import { Link } from '../common/http/public-url';
import type { EncodedRecords } from './articles.service';

const logger = new Logger('ArticleListStream');

interface StreamedListEnd {
  count: number;
  links: Link[];
}

const COMMA = Buffer.from(',');

/**
 * The list response `{"data":[...],"count":n,"links":[...]}` written batch by batch (of encoded
 * records), so memory stays flat however large the catalogue is.
 */
export function streamArticleList(
  batches: AsyncIterable<EncodedRecords>,
  end: StreamedListEnd,
  encode: (json: string) => Buffer,
): Readable {
  async function* body(): AsyncGenerator<Buffer> {
    try {
      yield encode('{"data":[');
      let sent = 0;
      for await (const batch of batches) {
        if (batch.count === 0) continue;
        if (sent > 0) yield COMMA;
        const { buffer, byteOffset, byteLength } = batch.bytes;
        yield Buffer.from(buffer, byteOffset, byteLength);
        sent += batch.count;
      }
      yield encode(`],"count":${end.count},"links":${JSON.stringify(end.links)}}`);
    } catch (e) {
      // The status line is out already: all that is left is to cut the response and say why here.
      logger.error(`article list stream aborted: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      throw e;
    }
  }
  return Readable.from(body(), { objectMode: false });
}
