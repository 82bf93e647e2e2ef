import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { ArticleCatalogue, ArticleFilter, ArticleSort } from './ports/article-catalogue';

interface Snapshot {
  numbers: string[] | null;
  /** When the build that produced `numbers` started. */
  builtAt: number;
  pending: Promise<string[]> | null;
}

/** Orderings kept at once (one per language, web shop and sort order in use). */
const MAX_SNAPSHOTS = 16;

/**
 * The ordering of the catalogue that pages are cut from. Filtering 100k articles by web shop and
 * sorting them costs far more than one page, and `count` needs the whole filter anyway; so the
 * ordered article numbers are computed once and reused for ARTICLE_SNAPSHOT_SECONDS. Only the
 * membership and order can be that old; every record is read live. Once stale, a snapshot is
 * still served while a fresh one is built (so no request waits for a rebuild under load); one
 * older than twice that age with no rebuild running (an idle service) is rebuilt before answering.
 * Delta requests (modifiedsince) are always computed afresh: they are small, and a poller must
 * see a change at once.
 */
@Injectable()
export class ArticleOrderSnapshots {
  private readonly logger = new Logger('ArticleOrderSnapshots');
  private readonly snapshots = new Map<string, Snapshot>();

  constructor(
    private readonly catalogue: ArticleCatalogue,
    private readonly config: AppConfig,
  ) {}

  async numbers(filter: ArticleFilter, sorts: ArticleSort[]): Promise<string[]> {
    const ttl = this.config.articleSnapshotSeconds * 1000;
    if (ttl === 0 || filter.modifiedSince !== null || filter.artNr !== undefined)
      return this.compute(filter, sorts);
    const key = JSON.stringify([filter.language, filter.webshop, filter.activeOnly, sorts]);
    const snapshot = this.snapshots.get(key);
    const age = snapshot ? Date.now() - snapshot.builtAt : Infinity;
    if (snapshot?.numbers && age < ttl) return snapshot.numbers;
    // Stale but recent, or a rebuild is already on its way: answer now, do not queue behind it.
    if (snapshot?.numbers && (age < 2 * ttl || snapshot.pending)) {
      if (!snapshot.pending)
        this.rebuild(key, filter, sorts).catch((e: unknown) =>
          this.logger.error(`refreshing the article order failed: ${String(e)}`),
        );
      return snapshot.numbers;
    }
    return snapshot?.pending ?? this.rebuild(key, filter, sorts);
  }

  private rebuild(key: string, filter: ArticleFilter, sorts: ArticleSort[]): Promise<string[]> {
    const startedAt = Date.now();
    const previous = this.snapshots.get(key);
    const snapshot: Snapshot = previous ?? { numbers: null, builtAt: 0, pending: null };
    const pending = this.compute(filter, sorts).then(
      (numbers) => {
        snapshot.numbers = numbers;
        snapshot.builtAt = startedAt;
        snapshot.pending = null;
        return numbers;
      },
      (e: unknown) => {
        snapshot.pending = null;
        throw e;
      },
    );
    snapshot.pending = pending;
    this.snapshots.delete(key);
    this.snapshots.set(key, snapshot);
    if (this.snapshots.size > MAX_SNAPSHOTS) {
      const oldest = this.snapshots.keys().next().value as string;
      this.snapshots.delete(oldest);
    }
    return pending;
  }

  private async compute(filter: ArticleFilter, sorts: ArticleSort[]): Promise<string[]> {
    const numbers: string[] = [];
    for await (const batch of this.catalogue.orderedNumbers(filter, sorts)) numbers.push(...batch);
    return numbers;
  }
}
