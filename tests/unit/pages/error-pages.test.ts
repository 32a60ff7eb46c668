import { createElement, type ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import GlobalError from '../../../app/global-error';
import { NextIntlClientProvider } from 'next-intl';
import NotFound from '../../../app/[locale]/not-found';
import ProjectNotFound from '../../../app/[locale]/projects/[slug]/not-found';
import de from '../../../messages/de.json';
import en from '../../../messages/en.json';

/** The pages Next shows when there is nothing at a path, or the root layout itself failed (never reached in e2e). */
describe('the error pages', () => {
  it('the global error page is a whole document in the site’s look, with a retry and the reference', () => {
    const html = renderToStaticMarkup(
      createElement(GlobalError, { error: Object.assign(new Error('layout failed'), { digest: '4242' }) }),
    );
    expect(html).toMatch(
      /^<html lang="en">.*<title>Something went wrong · crowdpulse<\/title>.*<body class="[^"]*dark:bg-slate-950/,
    );
    expect(html).toContain('This page could not be shown');
    expect(html).toContain('data-testid="error-retry"');
    expect(html).toContain('<code data-testid="error-reference">4242</code>');
  });

  it('a 404 says what is missing, in the page’s language, and links to the catalogue in it', () => {
    for (const [page, locale, messages, heading] of [
      [NotFound, 'en', en, 'There is no page here'],
      [ProjectNotFound, 'en', en, 'No project at this address'],
      [NotFound, 'de', de, 'Hier gibt es keine Seite'],
      [ProjectNotFound, 'de', de, 'Unter dieser Adresse gibt es kein Projekt'],
    ] as const) {
      const html = renderToStaticMarkup(
        createElement(
          NextIntlClientProvider,
          { locale, messages, timeZone: 'UTC' } as ComponentProps<typeof NextIntlClientProvider>,
          createElement(page),
        ),
      );
      expect(html).toContain(`>${heading}</h1>`);
      expect(html).toMatch(
        new RegExp(
          `<a[^>]*href="/${locale}"[^>]*data-testid="not-found-catalogue"|<a[^>]*data-testid="not-found-catalogue"[^>]*href="/${locale}"`,
        ),
      );
    }
  });
});
