'use client';

import { NextIntlClientProvider, useLocale, useMessages, type AbstractIntlMessages } from 'next-intl';

/** The messages around it plus `messages`: a nested provider replaces its parent's, so they are merged here. */
export function MoreMessages({ messages, children }: { messages: AbstractIntlMessages; children: React.ReactNode }) {
  const around = useMessages();
  return (
    <NextIntlClientProvider locale={useLocale()} messages={{ ...around, ...messages }}>
      {children}
    </NextIntlClientProvider>
  );
}
