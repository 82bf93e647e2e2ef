import { commaList, listEntry } from '../common/comma-list';

/**
 * VERWENDUNG: a user without a usage value sees every medium. A user with one sees a medium when
 * its AMDVerwendung is empty or names that usage, and, when the article carries the usage
 * attribute, that attribute names it too (comma-separated lists, case and blanks ignored).
 */
export function usageAllows(
  userUsage: string | null,
  mediumUsage: string | null,
  articleUsages: string[],
): boolean {
  const usage = listEntry(userUsage ?? '');
  if (!usage) return true;
  const medium = commaList(mediumUsage);
  if (medium.length > 0 && !medium.includes(usage)) return false;
  const article = articleUsages.flatMap(commaList);
  return article.length === 0 || article.includes(usage);
}
