/** The viewers whose tabs this app instance holds: project -> visitor -> open tabs. */
export class LocalViewers {
  private readonly byProject = new Map<string, Map<string, number>>();

  add(slug: string, visitorId: string): void {
    const visitors = this.byProject.get(slug) ?? new Map<string, number>();
    visitors.set(visitorId, (visitors.get(visitorId) ?? 0) + 1);
    this.byProject.set(slug, visitors);
  }

  remove(slug: string, visitorId: string): void {
    const visitors = this.byProject.get(slug);
    const tabs = visitors?.get(visitorId) ?? 0;
    if (!visitors || tabs === 0) return;
    if (tabs > 1) visitors.set(visitorId, tabs - 1);
    else visitors.delete(visitorId);
    if (visitors.size === 0) this.byProject.delete(slug);
  }

  projects(): [slug: string, tabsByVisitor: ReadonlyMap<string, number>][] {
    return [...this.byProject];
  }
}
