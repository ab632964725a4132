// Loaded with `node --import` by the transfer benchmarks: the process's peak resident memory and CPU time, on
// stderr at exit.
process.on('exit', () => {
  const usage = process.resourceUsage();
  process.stderr.write(`\npeak-rss-kb ${usage.maxRSS} cpu-us ${usage.userCPUTime + usage.systemCPUTime}\n`);
});
