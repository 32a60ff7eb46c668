import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import GlobalError from '../../../app/global-error';
import NotFound from '../../../app/not-found';
import ProjectNotFound from '../../../app/projects/[slug]/not-found';

/** The pages Next shows when there is nothing at a path, or the root layout itself failed (never reached in e2e). */
describe('the error pages', () => {
  it('the global error page is a whole document in the site’s look, with a retry and the reference', () => {
    const html = renderToStaticMarkup(createElement(GlobalError, { error: Object.assign(new Error('layout failed'), { digest: '4242' }) }));
    expect(html).toMatch(/^<html lang="en">.*<title>Something went wrong · crowdpulse<\/title>.*<body class="[^"]*dark:bg-slate-950/);
    expect(html).toContain('This page could not be shown');
    expect(html).toContain('data-testid="error-retry"');
    expect(html).toContain('<code data-testid="error-reference">4242</code>');
  });

  it('a 404 says what is missing and links to the catalogue', () => {
    for (const [page, heading] of [
      [NotFound, 'There is no page here'],
      [ProjectNotFound, 'No project at this address'],
    ] as const) {
      const html = renderToStaticMarkup(createElement(page));
      expect(html).toContain(`>${heading}</h1>`);
      expect(html).toMatch(/<a[^>]*href="\/"[^>]*data-testid="not-found-catalogue"|<a[^>]*data-testid="not-found-catalogue"[^>]*href="\/"/);
    }
  });
});
