import { getMessages } from 'next-intl/server';
import { MoreMessages } from '@/components/MoreMessages';
import type { Locale } from './routing';

/**
 * The catalogue namespaces only the operators' pages (/admin, /ops) use. The [locale] layout hands
 * every other one to the client; these are added under the page's own client part, so a visitor's
 * page does not carry the operators' words.
 */
export const OPERATOR_NAMESPACES = ['Admin', 'Ops'] as const;
type OperatorNamespace = (typeof OPERATOR_NAMESPACES)[number];

/** Every message of the request's locale but the operators'. */
export async function publicMessages(locale: Locale) {
  const messages: Record<string, unknown> = { ...(await getMessages({ locale })) };
  for (const namespace of OPERATOR_NAMESPACES) delete messages[namespace];
  return messages;
}

/** Its children's client components can also say `namespace`'s messages. */
export async function OperatorMessages({
  namespace,
  children,
}: {
  namespace: OperatorNamespace;
  children: React.ReactNode;
}) {
  const messages = await getMessages();
  return <MoreMessages messages={{ [namespace]: messages[namespace] }}>{children}</MoreMessages>;
}
