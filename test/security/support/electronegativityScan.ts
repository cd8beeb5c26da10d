// Runs Electronegativity over one folder, in a process of its own, and prints one JSON line:
// how many checks ran, every file it could not parse, and every finding with its severity.
//
//   node test/security/support/electronegativityScan.ts <input dir> <report.sarif> [excluded check, ...]
//
// Its runner is called as its own CLI calls it (dist/index.js), but directly: with an output
// file the CLI prints neither its parse errors nor the severities (its SARIF has none), and
// a file it could not parse would pass unseen. The report file is kept for people to read.
import './offlineNetwork.ts';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const [input, output, ...excluded] = process.argv.slice(2);
if (!input || !output)
  throw new Error('usage: electronegativityScan.ts <input dir> <report.sarif> [excluded check ...]');

interface Level {
  readonly name: string;
}
interface Issue {
  readonly id: string;
  readonly severity: Level;
  readonly confidence: Level;
  readonly file: string;
  readonly location: { readonly line: number; readonly column: number };
  readonly sample?: string;
  readonly description: string;
  readonly manualReview: boolean;
}
interface RunResult {
  readonly globalChecks: number;
  readonly atomicChecks: number;
  readonly errors: { file: string; message: string; tolerable: boolean }[];
  readonly issues: Issue[];
}

const initI18n = require('@doyensec/electronegativity/dist/locales/i18n.js') as () => Promise<void>;
const run = require('@doyensec/electronegativity') as (options: object, forCli: boolean) => Promise<RunResult>;

await initI18n();
const result = await run(
  {
    input,
    output,
    isSarif: true,
    customScan: [],
    excludeFromScan: excluded,
    isRelative: true,
    isVerbose: false,
    parserPlugins: [],
  },
  false,
);
process.stdout.write(
  `${JSON.stringify({
    globalChecks: result.globalChecks,
    atomicChecks: result.atomicChecks,
    errors: result.errors,
    issues: result.issues.map((issue) => ({
      id: issue.id,
      severity: issue.severity.name,
      confidence: issue.confidence.name,
      file: issue.file,
      line: issue.location.line,
      sample: issue.sample ?? null,
      description: issue.description,
      manualReview: issue.manualReview,
    })),
  })}\n`,
);
