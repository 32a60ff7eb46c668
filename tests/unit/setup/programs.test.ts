import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProgram, PROGRAMS, ProgramNotFoundError } from '../../../lib/programs';
import { fakePrograms, VERSIONS } from './support';

/** docs/configuration.md, "Outside programs": the variable, then PATH, then the usual places. */
describe('finding an outside program', () => {
  const onPath = fakePrograms(VERSIONS);
  const elsewhere = fakePrograms(VERSIONS);
  const lookup = { ...PROGRAMS.haproxy, locations: [path.join(elsewhere, 'haproxy')] };

  it('takes the path its variable names, before PATH', () => {
    expect(findProgram('haproxy', lookup, { HAPROXY_PATH: path.join(elsewhere, 'haproxy'), PATH: onPath })).toBe(
      path.join(elsewhere, 'haproxy'),
    );
  });

  it('refuses a variable naming no executable, in one line that names both', () => {
    const find = () => findProgram('haproxy', lookup, { HAPROXY_PATH: '/nonexistent/haproxy', PATH: onPath });
    expect(find).toThrow(ProgramNotFoundError);
    expect(find).toThrow('HAPROXY_PATH=/nonexistent/haproxy: no executable haproxy there');
  });

  it('then looks on PATH, then where systems put it (Debian keeps haproxy in /usr/sbin, off a user’s PATH)', () => {
    expect(findProgram('haproxy', lookup, { PATH: `/nonexistent${path.delimiter}${onPath}` })).toBe(
      path.join(onPath, 'haproxy'),
    );
    expect(findProgram('haproxy', lookup, { PATH: '/nonexistent' })).toBe(path.join(elsewhere, 'haproxy'));
    expect(findProgram('haproxy', { ...lookup, locations: [] }, { PATH: '/nonexistent' })).toBeUndefined();
  });

  it('passes over a file that is not executable', () => {
    const dir = fakePrograms({});
    expect(
      findProgram('haproxy', { ...lookup, locations: [path.join(dir, 'missing')] }, { PATH: dir }),
    ).toBeUndefined();
  });
});
