// Fails when an import in src/ points up: base/ imports only base/, families/ base/ and families/,
// features/ anything but surfaces/, surfaces/ anything (docs/architecture.md, "The house").
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const PLACES = ['base', 'families', 'features', 'surfaces'];
const placeOf = (file) => PLACES.indexOf(file.split('/')[1]);
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'src'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => /\.tsx?$/.test(file));
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;
let up = 0;
for (const file of files) {
  const from = placeOf(file);
  if (from < 0) {
    console.error(`${file}: outside base/, families/, features/ and surfaces/`);
    up++;
    continue;
  }
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = normalize(join(dirname(file), match[1] ?? match[2]));
    const to = placeOf(target);
    if (to > from) {
      console.error(`${file}: imports ${target}, a layer above it (${PLACES[from]} → ${PLACES[to]})`);
      up++;
    }
  }
}
if (up > 0) process.exit(1);
