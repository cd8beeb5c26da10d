// The project's layering rule, after VS Code's `code-layering`: one table says which folders may
// import which (eslint.config.js holds it), and every relative import is resolved to a path in
// the repository and checked against it, at any depth. A file may sit in several layers (its
// top folder and an inner one); every layer it sits in applies. Package imports (electron,
// node:fs…) are `no-restricted-imports`' job; this rule judges where code lives.
import path from 'node:path';

/** A glob over repository paths: `**` any folders, `*` any name part. */
function globToRegExp(glob) {
  let source = '';
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      source += glob[i + 2] === '/' ? '(?:.*/)?' : '.*';
      i += glob[i + 2] === '/' ? 2 : 1;
    } else if (c === '*') source += '[^/]*';
    else source += c.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

const compiled = new Map();
function matches(file, globs) {
  return (globs ?? []).some((glob) => {
    if (!compiled.has(glob)) compiled.set(glob, globToRegExp(glob));
    return compiled.get(glob).test(file);
  });
}

const toRepoPath = (root, absolute) => path.relative(root, absolute).split(path.sep).join('/');

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layers of DESIGN.md: nothing imports what sits above it.' },
    schema: [
      {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            layer: { type: 'string' },
            files: { type: 'array', items: { type: 'string' } },
            except: { type: 'array', items: { type: 'string' } },
            mayNotImport: { type: 'array', items: { type: 'string' } },
            unless: { type: 'array', items: { type: 'string' } },
            because: { type: 'string' },
          },
          required: ['layer', 'files', 'mayNotImport', 'because'],
          additionalProperties: false,
        },
      },
    ],
    messages: { upward: "Bad layering: {{layer}} may not import '{{target}}': {{because}}" },
  },
  create(context) {
    const root = context.cwd;
    const file = toRepoPath(root, context.physicalFilename);
    const layers = (context.options[0] ?? []).filter((l) => matches(file, l.files) && !matches(file, l.except));
    if (layers.length === 0) return {};

    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const target = toRepoPath(root, path.resolve(path.dirname(context.physicalFilename), source.value));
      for (const layer of layers) {
        if (matches(target, layer.mayNotImport) && !matches(target, layer.unless)) {
          context.report({
            node: source,
            messageId: 'upward',
            data: { layer: layer.layer, target, because: layer.because },
          });
        }
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
