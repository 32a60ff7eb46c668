import { getRequestConfig } from 'next-intl/server';
import { isLocale, routing } from './routing';

/** The messages of the page's [locale] segment; anything else (a render outside it) is English. */
export default getRequestConfig(async ({ requestLocale }) => {
  const asked = await requestLocale;
  const locale = isLocale(asked) ? asked : routing.defaultLocale;
  return { locale, messages: (await import(`../messages/${locale}.json`)).default };
});
