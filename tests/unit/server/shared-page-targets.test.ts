import { expect, it } from 'vitest';
import { sharedPageOf } from '../../../lib/server/shared-pages';

it('reads a target once and hands out the same page for it after, tracking parameters dropped', () => {
  const first = sharedPageOf('/de/projects/orbit-garden?utm_source=mail');
  expect(first).toEqual({ path: '/de/projects/orbit-garden', topic: { kind: 'project', slug: 'orbit-garden' } });
  expect(sharedPageOf('/de/projects/orbit-garden?utm_source=mail')).toBe(first);
  expect(sharedPageOf('/de/nowhere')).toEqual({ path: '/de/not-found', topic: { kind: 'shell' } });
  expect(sharedPageOf('/api/projects')).toBeUndefined();
});

it('answers a long target as any other, but does not keep it: a client cannot fill the memory with long ones', () => {
  const long = `/en/projects/orbit-garden?utm_source=${'x'.repeat(300)}`;
  const page = sharedPageOf(long);
  expect(page).toEqual({ path: '/en/projects/orbit-garden', topic: { kind: 'project', slug: 'orbit-garden' } });
  expect(sharedPageOf(long)).not.toBe(page);
});
