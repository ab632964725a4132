/**
 * Lints Estate's OpenAPI document with Redocly's and Spectral's recommended rules, as a reader's
 * tools would: `npm run lint:api` prints every problem and fails on any error or warning.
 * test/surfaces/public-api/api-lint.test.ts runs the same in `npm test`.
 */
import { fileURLToPath } from 'node:url';
import { BaseResolver, createConfig, lintDocument, Source } from '@redocly/openapi-core';
import spectralCore, { type RulesetDefinition } from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import spectralRulesets from '@stoplight/spectral-rulesets';
import { buildOpenApiDocument } from './client-types.js';

export interface ApiProblem {
  linter: 'redocly' | 'spectral';
  severity: 'error' | 'warning' | 'info' | 'hint';
  rule: string;
  message: string;
  where: string;
}

// CommonJS packages whose named exports Node cannot see: read from their default export.
const { Document, Spectral } = spectralCore;
const { Json } = spectralParsers;
const { oas } = spectralRulesets;

/** Spectral's severities by number (DiagnosticSeverity). */
const SPECTRAL_SEVERITY = ['error', 'warning', 'info', 'hint'] as const;

export async function lintApiDocument(document: object): Promise<ApiProblem[]> {
  const text = JSON.stringify(document, null, 2);
  const config = await createConfig({ extends: ['recommended'] });
  const redocly = await lintDocument({
    document: { source: new Source('openapi.json', text), parsed: document },
    config,
    externalRefResolver: new BaseResolver(),
  });
  const spectral = new Spectral();
  // The ruleset's declared type is narrower than what setRuleset takes; it is the documented use.
  spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
  const found = await spectral.run(new Document(text, Json, 'openapi.json'));
  return [
    ...redocly.map((problem) => ({
      linter: 'redocly' as const,
      severity: problem.severity === 'warn' ? ('warning' as const) : ('error' as const),
      rule: problem.ruleId,
      message: problem.message,
      where: problem.location[0]?.pointer ?? '',
    })),
    ...found.map((result) => ({
      linter: 'spectral' as const,
      severity: SPECTRAL_SEVERITY[result.severity] ?? 'error',
      rule: String(result.code),
      message: result.message,
      where: result.path.join('.'),
    })),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = await lintApiDocument(await buildOpenApiDocument());
  for (const problem of problems)
    process.stdout.write(
      `${problem.linter} ${problem.severity} ${problem.rule}: ${problem.message} (${problem.where})\n`,
    );
  const failing = problems.filter((problem) => problem.severity === 'error' || problem.severity === 'warning');
  process.stdout.write(`${failing.length} errors and warnings, ${problems.length - failing.length} notes\n`);
  process.exitCode = failing.length > 0 ? 1 : 0;
}
