// Preloaded (`node --import`) into the CLI by bench/transfer.ts: its peak resident memory and CPU time at exit.
process.on('exit', () => {
  const usage = process.resourceUsage();
  process.stderr.write(`\npeak-rss-kb ${usage.maxRSS} cpu-us ${usage.userCPUTime + usage.systemCPUTime}\n`);
});
