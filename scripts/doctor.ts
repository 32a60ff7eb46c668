import { REQUIREMENTS } from './setup/requirements';
import { ensureSystemPackages, foundRows, table } from './system-packages';

/**
 * `npm run doctor`: what the tiers need from the machine (CONTRIBUTING, "The test tiers"), found
 * and printed with versions and paths; what is missing said in one line each with how to install
 * it here, and installed as root on Debian or Ubuntu. `npm run doctor -- redis-server` checks one.
 */
const asked = process.argv.slice(2);
const names = asked.length > 0 ? asked : REQUIREMENTS.map(({ name }) => name);
console.log(table([...foundRows(ensureSystemPackages(names)), ['node', process.versions.node, process.execPath]]));
