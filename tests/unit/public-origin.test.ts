import { describe, expect, it } from 'vitest';
import { siteOrigin } from '../../lib/http/public-origin';

describe('PUBLIC_ORIGIN', () => {
  it('defaults to http://localhost:<PORT>, 3000 without a PORT', () => {
    expect(siteOrigin({ PORT: '4100' })).toBe('http://localhost:4100');
    expect(siteOrigin({})).toBe('http://localhost:3000');
  });

  it('keeps an http(s) origin, with or without its port and a trailing slash', () => {
    expect(siteOrigin({ PUBLIC_ORIGIN: 'https://crowdpulse.example' })).toBe('https://crowdpulse.example');
    expect(siteOrigin({ PUBLIC_ORIGIN: 'http://10.0.0.5:8080/' })).toBe('http://10.0.0.5:8080');
  });

  it('refuses anything that is not a bare origin, so the start stops', () => {
    for (const refused of [
      'crowdpulse.example',
      'https://crowdpulse.example/shop',
      'https://crowdpulse.example?x=1',
      'ftp://crowdpulse.example',
      'https://user@crowdpulse.example',
    ]) {
      expect(() => siteOrigin({ PUBLIC_ORIGIN: refused }), refused).toThrow(/PUBLIC_ORIGIN/);
    }
  });
});
