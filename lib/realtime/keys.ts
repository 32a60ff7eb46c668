/** The sockets an address (its limit key: an IPv6 /64 is one) holds open on every instance. */
export const openSocketsKey = (addressKey: string) => `{sockets:${addressKey}}:open`;
