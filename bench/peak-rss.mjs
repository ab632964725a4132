// Loaded with `node --import` by the transfer benchmarks: the process's peak resident memory, on stderr at exit.
process.on('exit', () => process.stderr.write(`\npeak-rss-kb ${process.resourceUsage().maxRSS}\n`));
