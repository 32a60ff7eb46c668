import type { routing } from '../i18n/routing';
import type messages from '../messages/en.json';

// Keys checked against the English catalogue (tests/unit/messages.test.ts holds the others to it).
declare module 'next-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: typeof messages;
  }
}
