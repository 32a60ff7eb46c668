import { describe, expect, it } from 'vitest';
import { clockTiming, instanceTiming } from '../../lib/http/server-timing';

describe('the Server-Timing entry naming the instance', () => {
  it('quotes the name, escaping what a quoted-string must', () => {
    expect(instanceTiming('instance-1')).toBe('instance;desc="instance-1"');
    expect(instanceTiming('web "a"\\b')).toBe('instance;desc="web \\"a\\"\\\\b"');
  });
});

describe('the Server-Timing entry carrying the clock', () => {
  it('carries the time in ms as its description', () => {
    expect(clockTiming(1_767_225_600_000)).toBe('clock;desc="1767225600000"');
  });
});
