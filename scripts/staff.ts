/** `npm run staff -- add NAME --perm TAG,TAG` and `npm run staff -- list` (server/modules/staff/staff.cli.ts). */
import { loadConfig } from '../server/config.ts';
import { runStaffCli } from '../server/modules/staff/staff.cli.ts';

const code = await runStaffCli(
  loadConfig(process.env),
  process.argv.slice(2),
  (line) => console.log(line),
  (line) => console.error(line),
);
process.exit(code);
