import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { AppConfig } from '../common/config/app-config';
import { ApiError } from '../common/errors/api-error';
import { QuotaPolicy } from '../common/http/rate-limit-fields';
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
  /** The default order of a language (`+ArtBez`, active articles): kept apart from the others. */
  standard: boolean;
  /** Users that asked for it (two at most: from two on it is shared). */
  users: Set<number>;
  /** When it was last asked for (a counter), for least-recently-used eviction. */
  used: number;
  ordering: ArticleOrdering | null;
  /** The articles' change stamp when the build that produced `ordering` started. */
  stamp: string | null;
  /** When the build that produced `ordering` started. */
  builtAt: number;
  pending: Promise<ArticleOrdering> | null;
}

/** Other orderings kept at once (one per language, web shop and sort order in use). */
const MAX_SNAPSHOTS = 16;
/**
 * Default orderings kept at once, apart from the others, so that no other sort order evicts one:
 * one per language with article texts and web shop of a user, which only the ERP's data and the
 * users CLI add.
 */
const MAX_STANDARD_SNAPSHOTS = 32;
const MINUTE_MS = 60_000;

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
 *
 * Which orderings stay: the default ordering of each language and web shop in a pool of its own
 * (MAX_STANDARD_SNAPSHOTS); every other one among MAX_SNAPSHOTS, where one that a single user
 * asked for goes before one that several users share, least recently used first. Building an
 * ordering nobody holds (other than a default one) takes one of the user's
 * ARTICLE_ORDERINGS_PER_MINUTE (a sliding minute); beyond it 429 with Retry-After, because such a
 * build reads and sorts the whole list and would otherwise let one client keep the database busy
 * and push out the orderings of every shop. Such new orderings are built one at a time, so that
 * the readers (SQLite's read threads, PostgreSQL's pool) always have room for the pages.
 */
@Injectable()
export class ArticleOrderSnapshots implements OnApplicationBootstrap {
  private readonly logger = new Logger('ArticleOrderSnapshots');
  private readonly snapshots = new Map<string, Snapshot>();
  /** Per user, when its latest new orderings were built (within the last minute). */
  private readonly builds = new Map<number, number[]>();
  private uses = 0;
  /** The end of the queue of new orderings (other than default ones) being built. */
  private newBuilds: Promise<unknown> = Promise.resolve();

  private readonly orderingsPolicy: QuotaPolicy;

  constructor(
    private readonly catalogue: ArticleCatalogue,
    private readonly config: AppConfig,
  ) {
    this.orderingsPolicy = new QuotaPolicy('orderings', config.articleOrderingsPerMinute, MINUTE_MS / 1000);
  }

  /** Builds the default ordering of every web shop with an enabled user (none when orderings are not kept). */
  async onApplicationBootstrap(): Promise<void> {
    if (this.config.articleSnapshotSeconds === 0) return;
    const started = Date.now();
    try {
      const webshops = new Set((await this.catalogue.usersWebshops()).map(userWebshop));
      const { articlesStamp } = await this.catalogue.referenceData(null, null);
      for (const webshop of webshops)
        await this.ordering(
          { language: MAIN_LANGUAGE, webshop, activeOnly: true, modifiedSince: null },
          DEFAULT_SORTS,
          articlesStamp,
        );
      this.logger.log(
        `article orderings of ${webshops.size} web shop(s) built in ${Date.now() - started} ms`,
      );
    } catch (error) {
      // Building them ahead only saves the first requests their wait; a database that is away or
      // not migrated yet (readiness says which) must not stop the start.
      this.logger.warn(`article orderings not built ahead: ${(error as Error).message}`);
    }
  }

  /**
   * The list's ordering; `stamp` is the articles' change stamp the request read: when it moved
   * since the ordering was built, the ordering is still served but rebuilt at once. `user` (null:
   * the service itself) asks for it: a new one is taken from its budget (429 beyond it).
   */
  async ordering(
    filter: ArticleFilter,
    sorts: ArticleSort[],
    stamp: string | null = null,
    user: number | null = null,
  ): Promise<ArticleOrdering> {
    const key = this.keyOf(filter, sorts);
    if (key === null) return this.compute(filter, sorts);
    const snapshot = this.use(key, filter, sorts, user);
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
    return snapshot?.pending ?? this.rebuild(key, filter, sorts, stamp, user);
  }

  /**
   * A stream's ordering: the snapshot only while it is current (younger than
   * ARTICLE_SNAPSHOT_SECONDS, the articles' change stamp unmoved), never a stale one; otherwise
   * the rebuild on its way, or a new one, which becomes the snapshot, since building one costs a
   * noticeable share of a whole export.
   */
  async current(
    filter: ArticleFilter,
    sorts: ArticleSort[],
    stamp: string,
    user: number | null = null,
  ): Promise<ArticleOrdering> {
    const key = this.keyOf(filter, sorts);
    if (key === null) return this.compute(filter, sorts);
    const snapshot = this.use(key, filter, sorts, user);
    if (snapshot?.ordering && this.isCurrent(snapshot, stamp)) return snapshot.ordering;
    return snapshot?.pending ?? this.rebuild(key, filter, sorts, stamp, user);
  }

  /**
   * The snapshot of `key`, marked as used by `user`; when there is none (nor a build under way),
   * a new one is about to be built: 429 when it is not a default one and the user has built its
   * ARTICLE_ORDERINGS_PER_MINUTE within the last minute.
   */
  private use(
    key: string,
    filter: ArticleFilter,
    sorts: ArticleSort[],
    user: number | null,
  ): Snapshot | undefined {
    const snapshot = this.snapshots.get(key);
    if (snapshot && (snapshot.ordering || snapshot.pending)) {
      snapshot.used = ++this.uses;
      if (user !== null && snapshot.users.size < 2) snapshot.users.add(user);
      return snapshot;
    }
    if (user !== null && !isStandard(filter, sorts)) this.spend(user);
    return snapshot;
  }

  /**
   * The user's budget of new orderings as RateLimit reports it: what is left of the minute's
   * ARTICLE_ORDERINGS_PER_MINUTE and the seconds until all of it is back; null when unlimited.
   */
  budget(user: number): { policy: QuotaPolicy; remaining: number; resetSeconds: number } | null {
    if (this.config.articleOrderingsPerMinute === 0) return null;
    const now = Date.now();
    const times = (this.builds.get(user) ?? []).filter((t) => t > now - MINUTE_MS);
    const newest = times.length > 0 ? times[times.length - 1] : null;
    return {
      policy: this.orderingsPolicy,
      remaining: this.config.articleOrderingsPerMinute - times.length,
      resetSeconds: newest === null ? 0 : Math.max(1, Math.ceil((newest + MINUTE_MS - now) / 1000)),
    };
  }

  /** Takes one new ordering from the user's budget, or throws 429 with the seconds until the next one. */
  private spend(user: number): void {
    const limit = this.config.articleOrderingsPerMinute;
    if (limit === 0) return;
    const now = Date.now();
    const times = (this.builds.get(user) ?? []).filter((t) => t > now - MINUTE_MS);
    if (times.length >= limit) {
      this.builds.set(user, times);
      const seconds = Math.max(1, Math.ceil((times[times.length - limit] + MINUTE_MS - now) / 1000));
      throw new ApiError(
        429,
        'rate_limited',
        `Too many new article orderings (sorts and languages no list was read in lately); try again in ${seconds} seconds.`,
        undefined,
        { 'Retry-After': String(seconds) },
      );
    }
    times.push(now);
    this.builds.set(user, times);
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
    user: number | null = null,
  ): Promise<ArticleOrdering> {
    const startedAt = Date.now();
    const previous = this.snapshots.get(key);
    const snapshot: Snapshot = previous ?? {
      standard: isStandard(filter, sorts),
      users: new Set(user === null ? [] : [user]),
      used: ++this.uses,
      ordering: null,
      stamp: null,
      builtAt: 0,
      pending: null,
    };
    // New orderings other than default ones are sorted one after another, so that they never take
    // every reader the pages need at once.
    const build =
      previous?.ordering || snapshot.standard ? this.compute(filter, sorts) : this.oneAtATime(filter, sorts);
    const pending = build.then(
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
    this.snapshots.set(key, snapshot);
    this.evict(snapshot);
    return pending;
  }

  /**
   * Keeps the pool of `added` within its size: the least recently used goes, among the others one
   * that a single user asked for before a shared one; never `added` itself (it is being built for
   * a request, and would otherwise be built again at once).
   */
  private evict(added: Snapshot): void {
    const pool = [...this.snapshots].filter(([, s]) => s.standard === added.standard);
    if (pool.length <= (added.standard ? MAX_STANDARD_SNAPSHOTS : MAX_SNAPSHOTS)) return;
    const rank = (s: Snapshot): number => (s.users.size >= 2 ? 1 : 0);
    const [key] = pool
      .filter(([, s]) => s !== added)
      .reduce((a, b) =>
        rank(b[1]) < rank(a[1]) || (rank(b[1]) === rank(a[1]) && b[1].used < a[1].used) ? b : a,
      );
    this.snapshots.delete(key);
  }

  /** Computes after the new orderings asked for before it. */
  private oneAtATime(filter: ArticleFilter, sorts: ArticleSort[]): Promise<ArticleOrdering> {
    const turn = this.newBuilds.then(() => this.compute(filter, sorts));
    this.newBuilds = turn.catch(() => undefined);
    return turn;
  }

  private async compute(filter: ArticleFilter, sorts: ArticleSort[]): Promise<ArticleOrdering> {
    return { filter, sorts, numbers: await this.catalogue.orderedNumbers(filter, sorts) };
  }
}

/** The default order (`+ArtBez`) of the active articles: what every shop's sync reads. */
function isStandard(filter: ArticleFilter, sorts: ArticleSort[]): boolean {
  return (
    filter.activeOnly &&
    sorts.length === DEFAULT_SORTS.length &&
    sorts.every(
      (s, i) => s.column === DEFAULT_SORTS[i].column && s.descending === DEFAULT_SORTS[i].descending,
    )
  );
}
