import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { DEFAULT_SORTS } from './article-list-parameters';
import {
  ArticleCatalogue,
  ArticleFilter,
  ArticleOrdering,
  ArticleSort,
  MAIN_LANGUAGE,
} from './ports/article-catalogue';
import { userWebshop } from '../auth/auth-user';

interface Snapshot {
  ordering: ArticleOrdering | null;
  /** The articles' change stamp when the build that produced `ordering` started. */
  stamp: string | null;
  /** When the build that produced `ordering` started. */
  builtAt: number;
  pending: Promise<ArticleOrdering> | null;
}

/** Orderings kept at once (one per language, web shop and sort order in use). */
const MAX_SNAPSHOTS = 16;

/** The order of a list without sorts (and of `+ArtNr`): by article number. */
const BY_NUMBER: ArticleSort[] = [];

/**
 * The ordering of the catalogue that pages are cut from: `count` needs the whole filter anyway,
 * so the ordered article numbers (a compact KeyList) are computed once and reused for
 * ARTICLE_SNAPSHOT_SECONDS, or until the articles' change stamp moves (then rebuilt at once in
 * the background). Only the membership and order can be that old; every record is read live. Once stale, a snapshot is still served while a fresh one is built (no request waits for a
 * rebuild under load); one older than twice that age with no rebuild running (an idle service) is
 * rebuilt before answering. Delta requests (modifiedsince) are always computed afresh: they are
 * small, and a poller must see a change at once. At start-up the default ordering (by ArtBez, in
 * German) of every web shop with an enabled user is built, so that no first request pays for it.
 */
@Injectable()
export class ArticleOrderSnapshots implements OnApplicationBootstrap {
  private readonly logger = new Logger('ArticleOrderSnapshots');
  private readonly snapshots = new Map<string, Snapshot>();

  constructor(
    private readonly catalogue: ArticleCatalogue,
    private readonly config: AppConfig,
  ) {}

  /** Builds the default ordering of every web shop with an enabled user (none when orderings are not kept). */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.articleSnapshotSeconds === 0) return;
    const started = Date.now();
    const webshops = new Set((await this.catalogue.usersWebshops()).map(userWebshop));
    const { articlesStamp } = await this.catalogue.referenceData(null, null);
    for (const webshop of webshops)
      await this.ordering(
        { language: MAIN_LANGUAGE, webshop, activeOnly: true, modifiedSince: null },
        DEFAULT_SORTS,
        articlesStamp,
      );
    this.logger.log(`article orderings of ${webshops.size} web shop(s) built in ${Date.now() - started} ms`);
  }

  /**
   * The list's ordering; `stamp` is the articles' change stamp the request read: when it moved
   * since the ordering was built, the ordering is still served but rebuilt at once.
   */
  async ordering(
    filter: ArticleFilter,
    sorts: ArticleSort[],
    stamp: string | null = null,
  ): Promise<ArticleOrdering> {
    const key = this.keyOf(filter, sorts);
    if (key === null) return this.compute(filter, sorts);
    const snapshot = this.snapshots.get(key);
    if (snapshot?.ordering && this.isCurrent(snapshot, stamp)) return snapshot.ordering;
    // Stale but recent, or a rebuild is already on its way: answer now, do not queue behind it.
    const age = snapshot ? Date.now() - snapshot.builtAt : Infinity;
    if (snapshot?.ordering && (age < 2 * this.ttlMs() || snapshot.pending)) {
      if (!snapshot.pending)
        this.rebuild(key, filter, sorts, stamp).catch((e: unknown) =>
          this.logger.error(`refreshing the article order failed: ${String(e)}`),
        );
      return snapshot.ordering;
    }
    return snapshot?.pending ?? this.rebuild(key, filter, sorts, stamp);
  }

  /**
   * A stream's ordering: the snapshot only while it is current (younger than
   * ARTICLE_SNAPSHOT_SECONDS, the articles' change stamp unmoved), never a stale one; otherwise
   * the rebuild on its way, or a new one, which becomes the snapshot, since building one costs a
   * noticeable share of a whole export.
   */
  async current(filter: ArticleFilter, sorts: ArticleSort[], stamp: string): Promise<ArticleOrdering> {
    const key = this.keyOf(filter, sorts);
    if (key === null) return this.compute(filter, sorts);
    const snapshot = this.snapshots.get(key);
    if (snapshot?.ordering && this.isCurrent(snapshot, stamp)) return snapshot.ordering;
    return snapshot?.pending ?? this.rebuild(key, filter, sorts, stamp);
  }

  private ttlMs(): number {
    return this.config.articleSnapshotSeconds * 1000;
  }

  /** The snapshot key of a list, or null when its ordering is always computed afresh. */
  private keyOf(filter: ArticleFilter, sorts: ArticleSort[]): string | null {
    if (this.ttlMs() === 0 || filter.modifiedSince !== null || filter.artNr !== undefined) return null;
    return JSON.stringify([
      filter.language,
      filter.webshop,
      filter.activeOnly,
      sorts.length === 1 && sorts[0].column === 'ArtNr' && !sorts[0].descending ? BY_NUMBER : sorts,
    ]);
  }

  /** Younger than ARTICLE_SNAPSHOT_SECONDS, and built under the stamp the request read (if it read one). */
  private isCurrent(snapshot: Snapshot, stamp: string | null): boolean {
    const moved = stamp !== null && snapshot.stamp !== null && snapshot.stamp !== stamp;
    return Date.now() - snapshot.builtAt < this.ttlMs() && !moved;
  }

  private rebuild(
    key: string,
    filter: ArticleFilter,
    sorts: ArticleSort[],
    stamp: string | null,
  ): Promise<ArticleOrdering> {
    const startedAt = Date.now();
    const previous = this.snapshots.get(key);
    const snapshot: Snapshot = previous ?? { ordering: null, stamp: null, builtAt: 0, pending: null };
    const pending = this.compute(filter, sorts).then(
      (ordering) => {
        snapshot.ordering = ordering;
        snapshot.stamp = stamp;
        snapshot.builtAt = startedAt;
        snapshot.pending = null;
        return ordering;
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

  private async compute(filter: ArticleFilter, sorts: ArticleSort[]): Promise<ArticleOrdering> {
    return { filter, sorts, numbers: await this.catalogue.orderedNumbers(filter, sorts) };
  }
}
