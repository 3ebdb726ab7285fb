/**
 * The page of a catalog scraper. It is not in the shell's route table yet; when the scrapers
 * pages join it, this goes to `paths` with them.
 */
export function scraperHref(id: string): string {
  return `/catalog/scrapers/${encodeURIComponent(id)}`;
}
