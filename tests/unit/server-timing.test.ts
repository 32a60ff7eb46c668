import { describe, expect, it } from 'vitest';
import { instanceTiming } from '../../lib/http/server-timing';

describe('the Server-Timing entry naming the instance', () => {
  it('quotes the name, escaping what a quoted-string must', () => {
    expect(instanceTiming('instance-1')).toBe('instance;desc="instance-1"');
    expect(instanceTiming('web "a"\\b')).toBe('instance;desc="web \\"a\\"\\\\b"');
  });
});
