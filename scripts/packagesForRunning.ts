// What `npm start` installs: the package.json of a Clipdesk that is built and run, not
// tested. Every runtime dependency, and of the development ones only the build's (Vite and
// its React plugin) and Electron (the desktop shell, where its binary is downloaded); not
// the test toolchain (Vitest, Playwright, ESLint, Prettier, TypeScript, electron-builder…).
// scripts/npm-deps.sh installs it against the project's package-lock.json, so every version
// is the locked one. test/unit/packagesForRunning.test.ts checks that the code that runs
// and builds imports nothing else.
//   node scripts/packagesForRunning.ts <package.json>   prints the reduced package.json
import { readFileSync } from 'node:fs';

/** The development packages that building and running need. */
export const RUN_TOOLS = ['vite', '@vitejs/plugin-react', 'electron'] as const;

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  [key: string]: unknown;
}

export function packagesForRunning(pkg: PackageJson): PackageJson {
  const dev = pkg.devDependencies ?? {};
  const kept = Object.fromEntries(
    Object.entries(dev).filter(([name]) => (RUN_TOOLS as readonly string[]).includes(name)),
  );
  const missing = RUN_TOOLS.filter((name) => !(name in kept));
  if (missing.length > 0) throw new Error(`package.json has no devDependency ${missing.join(', ')}: update RUN_TOOLS`);
  return { ...pkg, devDependencies: kept };
}

if (import.meta.main) {
  const [file] = process.argv.slice(2);
  if (!file) throw new Error('usage: node scripts/packagesForRunning.ts <package.json>');
  process.stdout.write(`${JSON.stringify(packagesForRunning(JSON.parse(readFileSync(file, 'utf8'))), null, 2)}\n`);
}
