// Fails when a line of code or comment is longer than 120 characters (Biome wraps code, not comments or strings).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX = 120;
const roots = process.argv.slice(2);
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...roots], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.(ts|tsx|mjs|js|css)$/.test(file));
let long = 0;
for (const file of files) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (line.length <= MAX) return;
      long += 1;
      console.log(`${file}:${index + 1}: ${line.length} characters`);
    });
}
if (long > 0) {
  console.log(`${long} lines longer than ${MAX} characters`);
  process.exit(1);
}
