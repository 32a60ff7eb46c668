import type { Tab } from '../live-events/presence';

/** The tabs this app instance holds, by project: what its heartbeats vouch for. */
export class LocalViewers {
  private readonly byProject = new Map<string, Map<string, Tab>>();

  add(slug: string, tab: Tab): void {
    const tabs = this.byProject.get(slug) ?? new Map<string, Tab>();
    tabs.set(tab.tabId, tab);
    this.byProject.set(slug, tabs);
  }

  remove(slug: string, tab: Tab): void {
    const tabs = this.byProject.get(slug);
    tabs?.delete(tab.tabId);
    if (tabs?.size === 0) this.byProject.delete(slug);
  }

  projects(): [slug: string, tabs: Tab[]][] {
    return [...this.byProject].map(([slug, tabs]) => [slug, [...tabs.values()]]);
  }
}
