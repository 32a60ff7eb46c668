import { describe, expect, it } from 'vitest';
import { settingInfo } from '../../lib/config';
import { KINDS, shares } from '../../lib/live-events/kinds';
import { shareInputSchema } from '../../lib/live-events/schemas';

/** The `shares` kind, as docs/adding-a-kind.md adds it: its descriptor, its setting and its input. */
describe('the shares kind', () => {
  it('is a counter in KINDS whose window is WINDOW_SHARES_MS, a day unless set', () => {
    expect(KINDS).toContain(shares);
    expect(shares).toMatchObject({ shape: 'counter', env: 'WINDOW_SHARES_MS', windowMs: 86_400_000 });
    expect(settingInfo('WINDOW_SHARES_MS').default).toBe(shares.windowMs);
  });

  it('takes an optional event id and nothing else', () => {
    expect(shareInputSchema.safeParse({}).success).toBe(true);
    expect(shareInputSchema.safeParse({ id: 'a'.repeat(24) }).success).toBe(true);
    expect(shareInputSchema.safeParse({ id: 'a'.repeat(24), extra: 1 }).success).toBe(false);
  });
});
